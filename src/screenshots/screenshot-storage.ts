import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { AppConfig } from '../config/app-config';

export interface ImageFormat {
  contentType: string;
  extension: string;
}

/**
 * The image formats accepted, told by their first bytes (never by the name or the type the client sent):
 * PNG, JPEG, GIF and WebP, what browsers show everywhere.
 */
export function detectImageFormat(data: Buffer): ImageFormat | null {
  const startsWith = (bytes: number[], offset = 0) => data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extension: 'png' };
  if (startsWith([0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(ascii('GIF87a')) || startsWith(ascii('GIF89a'))) return { contentType: 'image/gif', extension: 'gif' };
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}

/**
 * Screenshot images on disk, under `DATA_DIR/screenshots/<project id>/`: one directory per project so deleting a
 * project can remove them at once. Files are written under a temporary name and renamed, so a reader never
 * sees half an image; the database stores the path relative to DATA_DIR.
 */
@Injectable()
export class ScreenshotStorage {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** The directory of a project's images (relative to DATA_DIR as `screenshots/<id>`). */
  projectDir(projectId: number): string {
    return join(this.config.dataDir, 'screenshots', String(projectId));
  }

  /** Stores a new image and returns its path relative to DATA_DIR. */
  async write(projectId: number, data: Buffer, format: ImageFormat): Promise<string> {
    const dir = this.projectDir(projectId);
    await mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.${format.extension}`;
    const temporary = join(dir, `.${name}.tmp`);
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, join(dir, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return relative(this.config.dataDir, join(dir, name)).split(sep).join('/');
  }

  read(path: string): Promise<Buffer> {
    return readFile(this.absolute(path));
  }

  /** Removes an image; one already gone is fine (the row is what counts). */
  async remove(path: string): Promise<void> {
    await rm(this.absolute(path), { force: true });
  }

  /** Every image of a project, for project deletion (the rows go by cascade). */
  async removeProject(projectId: number): Promise<void> {
    await rm(this.projectDir(projectId), { recursive: true, force: true });
  }

  absolute(path: string): string {
    const root = resolve(this.config.dataDir, 'screenshots');
    const full = resolve(this.config.dataDir, path);
    // Paths come from our own rows; refuse anything that would leave the screenshots directory all the same.
    if (!full.startsWith(root + sep) || dirname(full) === root) throw new Error(`screenshot path outside the screenshots directory: ${path}`);
    return full;
  }
}
