import JSZip from 'jszip';
import { posix } from 'node:path';
import { ValidationError } from '../core/errors/domain-error';

/** Generous for translation files, small enough that a crafted archive cannot fill the disk or memory. */
const MAX_FILES = 10_000;

/**
 * Reads an uploaded zip into relative paths and contents, refusing what could escape the working copy
 * (absolute paths, `..`, `.git`) and archives that expand beyond `maxTotalBytes` (zip bombs). Sizes are
 * counted while inflating, not taken from the archive's own headers, which can lie. JSZip quietly rewrites
 * `../x` to `x`; the original name is checked instead, so such an archive is refused rather than altered.
 */
export async function readZipUpload(data: Buffer, maxTotalBytes: number, field = 'zipfile'): Promise<Map<string, Buffer>> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data, { checkCRC32: true });
  } catch (error) {
    throw ValidationError.field(field, `Could not read the ZIP file: ${(error as Error).message}`);
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > MAX_FILES) throw ValidationError.field(field, `The ZIP file has more than ${MAX_FILES} files.`);
  const files = new Map<string, Buffer>();
  let total = 0;
  for (const entry of entries) {
    const path = safePath(entry.unsafeOriginalName ?? entry.name);
    if (!path) throw ValidationError.field(field, `The ZIP file contains an unsafe path: ${entry.name}`);
    const content = await inflateWithin(entry, maxTotalBytes - total);
    if (!content) throw ValidationError.field(field, `The ZIP file expands to more than ${Math.round(maxTotalBytes / 1024 / 1024)} MiB.`);
    total += content.length;
    files.set(path, content);
  }
  if (files.size === 0) throw ValidationError.field(field, 'The ZIP file contains no files.');
  return files;
}

function safePath(name: string): string | null {
  const normalized = posix.normalize(name.replace(/\\/g, '/'));
  if (normalized.startsWith('/') || normalized.startsWith('../') || normalized === '..' || /^[A-Za-z]:/.test(normalized)) return null;
  if (normalized.split('/').some((part) => part === '.git' || part === '..')) return null;
  return normalized;
}

/** Inflates one entry, stopping as soon as it passes `budget` bytes; null when it does. */
function inflateWithin(entry: JSZip.JSZipObject, budget: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = entry.nodeStream('nodebuffer');
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        stream.removeAllListeners('data');
        (stream as unknown as { pause(): void }).pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
