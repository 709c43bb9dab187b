import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseDump } from '../../database/logical-dump';
import { runGit } from '../../vcs/system-git';
import { runTool } from './run-tool';

/**
 * The archive of `npm run cli -- backup`: a gzipped tar (the system's tar streams it, however large the working
 * copies; a ZIP library would hold the directory or re-read every file) with
 *   wts-backup/manifest.json     what the archive holds, the migrations and tables of the dump
 *   wts-backup/database/*.copy   every table's rows (database/logical-dump.ts)
 *   vcs/<project>/<component>/   the working copies, each copied under its repository lock
 *   screenshots/…, …             everything else under DATA_DIR but tmp/ (uploads in flight) and pg/ (the
 *                                embedded PostgreSQL's cluster, which the dump replaces)
 * so that extracted into DATA_DIR everything but `wts-backup/` is in its place.
 */
export const ARCHIVE_DIR = 'wts-backup';
export const ARCHIVE_FORMAT = 'wts-installation-backup';
export const ARCHIVE_VERSION = 1;
/** DATA_DIR entries that are not the installation's data. */
const NOT_BACKED_UP = new Set(['tmp', 'pg', ARCHIVE_DIR]);

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  created: string;
  database: DatabaseDump;
}

export type LockedCopy = (componentId: string, work: () => Promise<void>) => Promise<void>;

/**
 * Copies every working copy of DATA_DIR/vcs into `target`, each under its repository lock (`withLock`), and checks
 * the copy with `git fsck`: across processes without Redis the lock is not shared, so a copy that caught a commit
 * half-way is taken again.
 */
export async function copyWorkingCopies(dataDir: string, target: string, withLock: LockedCopy): Promise<number> {
  let copied = 0;
  for (const project of await subdirectories(join(dataDir, 'vcs'))) {
    for (const component of await subdirectories(join(dataDir, 'vcs', project))) {
      const source = join(dataDir, 'vcs', project, component);
      const destination = join(target, 'vcs', project, component);
      await mkdir(join(target, 'vcs', project), { recursive: true });
      await copyConsistently(source, destination, (work) => withLock(component, work));
      copied++;
    }
  }
  return copied;
}

const COPY_ATTEMPTS = 3;

async function copyConsistently(source: string, destination: string, locked: (work: () => Promise<void>) => Promise<void>): Promise<void> {
  let problem = '';
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt++) {
    await rm(destination, { recursive: true, force: true });
    await locked(() => runTool('cp', ['-a', '--reflink=auto', source, destination]));
    const fsck = await runGit(destination, ['fsck', '--connectivity-only', '--no-dangling', '--no-progress']);
    if (fsck.code === 0) return;
    problem = fsck.stderr.trim();
  }
  throw new Error(`the working copy ${source} did not copy consistently in ${COPY_ATTEMPTS} attempts: ${problem}`);
}

/** Writes `file` (through `file.part`, renamed when complete) from the staging directory and the rest of DATA_DIR. */
export async function writeArchive(file: string, staging: string, dataDir: string): Promise<void> {
  const others = (await readdir(dataDir).catch(() => [])).filter((entry) => !NOT_BACKED_UP.has(entry) && entry !== 'vcs');
  const staged = await readdir(staging);
  const part = `${file}.part`;
  // Files outside the working copies may change while tar reads them (a screenshot being uploaded): GNU tar then
  // exits with 1. They are not in the database snapshot taken before, so such a file is an orphan, not a loss.
  // Project backups being written (`.part`) are left out; whole ones are kept.
  const ignoreChanges = ['--warning=no-file-changed', '--warning=no-file-removed', '--anchored', '--exclude=projectbackups/*/*.zip.part'];
  await runTool('tar', ['-czf', part, ...ignoreChanges, '-C', staging, ...staged, ...(others.length ? ['-C', dataDir, ...others] : [])], [0, 1]);
  await rename(part, file);
}

export async function writeManifest(staging: string, manifest: Manifest): Promise<void> {
  await writeFile(join(staging, ARCHIVE_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Unpacks an archive into `staging` and reads its manifest, refusing what is not one of our backups. */
export async function unpackArchive(file: string, staging: string): Promise<Manifest> {
  await runTool('tar', ['-xzf', file, '-C', staging]);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(await readFile(join(staging, ARCHIVE_DIR, 'manifest.json'), 'utf8')) as Partial<Manifest>;
  } catch {
    throw new Error(`${file} is not a backup of this server: it has no ${ARCHIVE_DIR}/manifest.json`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || !manifest.database) throw new Error(`${file} is not a backup of this server (format ${String(manifest.format)})`);
  if ((manifest.version ?? 0) > ARCHIVE_VERSION) throw new Error(`${file} was written by a newer version of the server (backup format ${manifest.version}); upgrade before restoring`);
  return manifest as Manifest;
}

/** Moves the unpacked files (all but the archive's own directory) into DATA_DIR. */
export async function moveIntoDataDir(staging: string, dataDir: string): Promise<void> {
  for (const entry of await readdir(staging)) {
    if (entry !== ARCHIVE_DIR) await rename(join(staging, entry), join(dataDir, entry));
  }
}

/** DATA_DIR entries that hold an installation's data (a restore refuses to mix two installations). */
export async function dataEntries(dataDir: string): Promise<string[]> {
  return (await readdir(dataDir).catch(() => [])).filter((entry) => !NOT_BACKED_UP.has(entry));
}

async function subdirectories(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}
