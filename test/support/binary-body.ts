import type { Response } from 'supertest';

/**
 * A supertest parser keeping the body as raw bytes, whatever its content type (a ZIP, a spreadsheet, a TMX file):
 * `.buffer(true).parse(binaryBody)`.
 */
export function binaryBody(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}
