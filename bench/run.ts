import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from './api-client';
import { writeCatalogue } from './catalogue-files';
import { selectedRows, SIZES } from './config';
import { Bench, settle } from './context';
import { load } from './load-client';
import { msgfmt, translateToolkit } from './references';
import { finish, format, printHeader } from './report';
import { apiRows } from './rows/api';
import { bigProjectRow } from './rows/big-project';
import { hookRows } from './rows/hooks';
import { importRows, PROJECT } from './rows/imports';
import { memoryRow } from './rows/memory';
import { searchRow, stringRows } from './rows/strings';
import { ROOT, startServer } from './server-process';

/**
 * `npm run bench`: issue 23's table, each case beside its reference measured in the same run. It generates the
 * data, measures the command-line references, starts the server (dist-bench/src/main.js) as its own process with a
 * fresh DATA_DIR (embedded PostgreSQL, or a new database on DATABASE_URL), loads it from autocannon in another
 * process, prints one row per case and writes bench/results/<timestamp>.json. Exits 0 when every case was
 * measured (met or missed: it is a report), 1 when a case could not be measured or the run itself failed.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const groups = selectedRows();
  console.log(`bench: sizes ${JSON.stringify(SIZES)}; rows ${[...groups].join(', ')}; ${availableParallelism()} cores; ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}`);
  const data = await writeCatalogue(SIZES.strings);
  const references = {
    msgfmtFull: await msgfmt([data.po, data.pot]),
    msgfmtEmpty: await msgfmt([data.emptyPo, data.pot]),
    msgfmtPo: await msgfmt([data.po]),
    toolkitPo: await translateToolkit(data.po),
  };
  const shown = (ms: number | null) => (ms === null ? 'unavailable' : format({ value: ms, unit: 'ms' }));
  console.log(`references: msgfmt --check PO+POT ${shown(references.msgfmtFull)}, empty PO+POT ${shown(references.msgfmtEmpty)}, PO ${shown(references.msgfmtPo)}; translate-toolkit parses the PO in ${shown(references.toolkitPo)}`);
  console.log(`catalogue: ${SIZES.strings} strings, ${JSON.stringify(data.census)}`);

  const server = await startServer();
  try {
    const client = new ApiClient(server.url, server.token);
    await client.send('POST', '/api/projects/', { name: 'Bench', slug: PROJECT, web: 'https://example.org/' });
    const api = { sequential: await client.sequentialMedian('/api/', SIZES.sequentialRequests), at16: await load(`${server.url}/api/`, 16, { token: server.token }) };
    console.log(`reference: authenticated GET /api/ ${api.sequential.toFixed(2)} ms sequential, ${api.at16.median.toFixed(1)} ms median at 16 connections\n`);
    const bench: Bench = { server, client, files: data, references, api, rows: [] };
    printHeader();
    if (groups.has('api')) await apiRows(bench);
    // Before the imports: the strings they save go to the memory too (the upload's 85 k, twice: the project's entry
    // and the uploader's), and the lookup would search 270 k entries instead of the 100 k its row names.
    if (groups.has('memory')) await memoryRow(bench);
    const empty = groups.has('imports') && (await importRows(bench));
    // The rows after the imports each start on a server done with the background work of the rows before.
    const settled = async (before: string, rows: () => Promise<unknown>) => {
      await settle(bench, before);
      await rows();
    };
    if (groups.has('strings')) await settled('the unit pages', () => stringRows(bench));
    if (groups.has('search')) await settled('the search', () => searchRow(bench, data.phrase, empty ? 2 * SIZES.strings : SIZES.strings));
    if (groups.has('big-project')) await settled('the large project', () => bigProjectRow(bench));
    if (groups.has('hooks')) await settled('the push hooks', () => hookRows(bench));
    const failures = await finish(bench.rows, { sizes: SIZES, references, api, embedded: server.embedded, seconds: Math.round((Date.now() - started) / 1000) }, join(ROOT, 'bench/results'));
    console.log(`bench: ${Math.round((Date.now() - started) / 1000)} s`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(data.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
