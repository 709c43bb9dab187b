import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { Entry, ZipFile } from 'yauzl';
import { ValidationError } from '../core/errors/domain-error';
import { relativeRepositoryPath } from '../vcs/work-tree';

/** Generous for translation files, small enough that a crafted archive cannot fill the disk. */
const MAX_FILES = 10_000;

/**
 * Extracts an uploaded zip (a file on disk) into `targetDir` and returns the relative paths written. The entry
 * count comes from the central directory before anything is inflated; each entry streams to disk, its bytes
 * counted while inflating (an archive's own size headers can lie), so a zip bomb stops at `maxTotalBytes`
 * with at most one chunk in memory. Paths that could leave the working copy (absolute, `..`, `.git`) are
 * refused, never rewritten (`pathOf` may allow more: a project backup carries `.git`). On failure the caller removes
 * `targetDir`.
 */
export async function extractZipUpload(
  zipPath: string,
  targetDir: string,
  maxTotalBytes: number,
  field = 'zipfile',
  pathOf: (name: string) => string | null = relativeRepositoryPath,
): Promise<string[]> {
  const refuse = (detail: string) => ValidationError.field(field, detail);
  let zip: ZipFile;
  try {
    zip = await open(zipPath);
  } catch (error) {
    throw refuse(`Could not read the ZIP file: ${(error as Error).message}`);
  }
  try {
    if (zip.entryCount > MAX_FILES) throw refuse(`The ZIP file has more than ${MAX_FILES} files.`);
    const written: string[] = [];
    let budget = maxTotalBytes;
    // yauzl refuses names leaving the archive's root itself ("invalid relative path"), reported as unsafe too.
    const next = () => nextEntry(zip).catch((error: Error) => {
      throw refuse(/relative path|absolute path/.test(error.message) ? `The ZIP file contains an unsafe path: ${error.message}` : `Could not read the ZIP file: ${error.message}`);
    });
    for (let entry = await next(); entry; entry = await next()) {
      if (entry.fileName.endsWith('/')) continue;
      const path = pathOf(entry.fileName);
      if (!path) throw refuse(`The ZIP file contains an unsafe path: ${entry.fileName}`);
      const size = await extractEntry(zip, entry, join(targetDir, path), budget).catch((error: unknown) => {
        throw error instanceof ValidationError ? error : refuse(`Could not read the ZIP file: ${(error as Error).message}`);
      });
      if (size === null) throw refuse(`The ZIP file expands to more than ${Math.round(maxTotalBytes / 1024 / 1024)} MiB.`);
      budget -= size;
      written.push(path);
    }
    if (written.length === 0) throw refuse('The ZIP file contains no files.');
    return written;
  } finally {
    zip.close();
  }
}

function open(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** The next entry of the central directory, or null at its end. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    zip.once('entry', (entry: Entry) => (cleanup(), resolve(entry)));
    zip.once('end', () => (cleanup(), resolve(null)));
    zip.once('error', (error: Error) => (cleanup(), reject(error)));
    zip.readEntry();
  });
}

/** Streams one entry to `target`; its size, or null when it passes `budget` bytes (the partial file stays for the caller to remove). */
async function extractEntry(zip: ZipFile, entry: Entry, target: string, budget: number): Promise<number | null> {
  const input = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
  await mkdir(dirname(target), { recursive: true });
  let size = 0;
  let overBudget = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > budget) {
        overBudget = true;
        return done(new Error('over budget'));
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(input, counter, createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    if (overBudget) return null;
    throw error;
  }
  return size;
}


