import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { dropSchemaObjects, dumpDatabase, holdsForeignTables, holdsUserData, loadDatabase } from '../../database/logical-dump';
import { withoutStatementTimeout } from '../../database/statement-timeout';
import { rebaseOutboxAfterRestore } from '../../events/outbox-rebase';
import { WorkingCopyLocks } from '../../working-copies/working-copy-locks';
import {
  ARCHIVE_DIR,
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  copyWorkingCopies,
  dataEntries,
  Manifest,
  moveIntoDataDir,
  unpackArchive,
  writeArchive,
  writeManifest,
} from './installation-archive';

/** How long the backup waits for a working copy busy with a commit or an update before giving up. */
const LOCK_WAIT_MS = 120_000;

export interface BackupSummary {
  tables: number;
  rows: number;
  workingCopies: number;
}

/**
 * Backup and restore of a whole installation (the `backup` and `restore` commands). The database is read first, in
 * one snapshot, and the files after: a change committed to a working copy after the snapshot is in the files and
 * still pending in the database, so it is written again (to the same text) at the next commit — never the
 * reverse, an edit the database counts as committed but the files lack.
 */
@Injectable()
export class InstallationBackupService {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locks: WorkingCopyLocks,
  ) {}

  async backup(file: string): Promise<BackupSummary> {
    const target = resolve(file);
    // Next to the archive, so the working copies' copies do not fill another disk, and the final rename is atomic.
    const staging = await mkdtemp(join(dirname(target), '.wts-backup-'));
    try {
      await mkdir(join(staging, ARCHIVE_DIR, 'database'), { recursive: true });
      const database = await dumpDatabase(this.dataSource, join(staging, ARCHIVE_DIR, 'database'));
      const workingCopies = await copyWorkingCopies(this.config.dataDir, staging, (componentId, work) => this.locks.withLock(componentId, work, LOCK_WAIT_MS));
      const manifest: Manifest = { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, created: new Date().toISOString(), database };
      await writeManifest(staging, manifest);
      await writeArchive(target, staging, this.config.dataDir);
      return { tables: database.tables.length, rows: database.tables.reduce((sum, table) => sum + table.rows, 0), workingCopies };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * Restores into an installation holding no data: the schema of the backup's migrations, its rows, its files; the
   * caller then applies this version's newer migrations (migrateAndSeed), as at every start.
   */
  async restore(file: string): Promise<Manifest> {
    await access(file).catch(() => {
      throw new Error(`${file}: no such file`);
    });
    await this.refuseNonEmpty();
    await mkdir(join(this.config.dataDir, 'tmp'), { recursive: true });
    const staging = await mkdtemp(join(this.config.dataDir, 'tmp', 'restore-'));
    try {
      const manifest = await unpackArchive(file, staging);
      await this.migrateTo(manifest.database.migrations);
      await loadDatabase(this.dataSource, join(staging, ARCHIVE_DIR, 'database'), manifest.database, rebaseOutboxAfterRestore);
      await moveIntoDataDir(staging, this.config.dataDir);
      return manifest;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  private async refuseNonEmpty(): Promise<void> {
    const entries = await dataEntries(this.config.dataDir);
    if (entries.length > 0) {
      throw new Error(`refusing to restore: DATA_DIR ${this.config.dataDir} already holds an installation's files (${entries.join(', ')}); restore into an empty DATA_DIR`);
    }
    if (await holdsForeignTables(this.dataSource)) {
      throw new Error('refusing to restore: the database schema holds tables that are not this server\'s; restore into an empty database');
    }
    if (await holdsUserData(this.dataSource)) {
      throw new Error('refusing to restore: the database already holds projects, users or changes; restore into an empty database');
    }
  }

  /** Rebuilds the schema with exactly the migrations the backup's database had, so its rows fit the tables. */
  private async migrateTo(names: string[]): Promise<void> {
    const known = this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0) throw new Error(`the backup was made by a newer version of the server (migrations ${unknown.join(', ')}); upgrade before restoring`);
    const wanted = new Set(names);
    const migrations = this.dataSource.options.migrations as (new () => { name?: string })[];
    await dropSchemaObjects(this.dataSource);
    const partial = new DataSource({ ...this.dataSource.options, migrations: migrations.filter((type) => wanted.has(new type().name ?? type.name)) });
    await partial.initialize();
    try {
      await withoutStatementTimeout(() => partial.runMigrations({ transaction: 'each' }));
    } finally {
      await partial.destroy();
    }
  }
}
