import JSZip from 'jszip';
import { FormatError } from './translation-format';

/**
 * ZIP containers (XLSX) read defensively: a few kilobytes can inflate to gigabytes, so entries are inflated as a
 * stream and reading stops once the archive has produced more than a budget of bytes, whatever sizes it declares.
 */

const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
const MAX_ENTRIES = 10_000;

export class ZipReader {
  private inflated = 0;

  private constructor(private readonly zip: JSZip) {}

  static async open(data: Buffer): Promise<ZipReader> {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(data);
    } catch (error) {
      throw new FormatError(`not a valid ZIP archive: ${(error as Error).message}`);
    }
    if (Object.keys(zip.files).length > MAX_ENTRIES) throw new FormatError(`ZIP archive has more than ${MAX_ENTRIES} entries`);
    return new ZipReader(zip);
  }

  has(path: string): boolean {
    return this.zip.file(path) !== null;
  }

  /** An entry as UTF-8 text; undefined when the archive lacks it. */
  async text(path: string): Promise<string | undefined> {
    const entry = this.zip.file(path);
    if (!entry) return undefined;
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      stream
        .on('data', (chunk: Buffer) => {
          this.inflated += chunk.length;
          if (this.inflated > MAX_INFLATED_BYTES) {
            stream.pause();
            reject(new FormatError(`ZIP archive inflates to more than ${MAX_INFLATED_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        })
        .on('error', (error: Error) => reject(new FormatError(`cannot inflate ${path}: ${error.message}`)))
        .on('end', () => resolve());
    });
    return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  }
}

/** Entries written with one fixed date, so the same content always zips to the same bytes. */
export async function writeZip(entries: Readonly<Record<string, string>>): Promise<Buffer> {
  const zip = new JSZip();
  const date = new Date(2000, 0, 1);
  for (const [path, text] of Object.entries(entries)) zip.file(path, text, { date });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
