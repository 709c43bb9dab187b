import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { NotFoundError } from '../core/errors/domain-error';

export interface BackupEntry {
  name: string;
  timestamp: Date;
  size: number;
}

/** A backup's file name: the Unix time it was taken, as Weblate names them. */
const BACKUP_NAME = /^\d+\.zip$/;

/** Where a project's backups are kept, as Weblate keeps them: `DATA_DIR/projectbackups/<project id>/<unix time>.zip`. */
@Injectable()
export class ProjectBackupFiles {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  dirOf(projectId: number): string {
    return join(this.config.dataDir, 'projectbackups', String(projectId));
  }

  /** Newest first; a backup still being written (`.part`) is not listed. */
  async list(projectId: number): Promise<BackupEntry[]> {
    const names = (await readdir(this.dirOf(projectId)).catch(() => [])).filter((name) => BACKUP_NAME.test(name));
    const entries = await Promise.all(names.map(async (name) => ({ name, size: (await stat(join(this.dirOf(projectId), name))).size, timestamp: new Date(Number(name.slice(0, -4)) * 1000) })));
    return entries.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
  }

  /** The file of the backup `name` (with or without `.zip`), or 404. */
  async pathOf(projectId: number, name: string): Promise<{ path: string; name: string; size: number }> {
    const file = name.endsWith('.zip') ? name : `${name}.zip`;
    if (!BACKUP_NAME.test(file)) throw new NotFoundError();
    const path = join(this.dirOf(projectId), file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new NotFoundError();
    return { path, name: file, size: info.size };
  }

  /** A name no other backup of the project has: the current second, or the next free one. */
  async newPath(projectId: number): Promise<string> {
    await mkdir(this.dirOf(projectId), { recursive: true });
    const taken = new Set(await readdir(this.dirOf(projectId)));
    let seconds = Math.floor(Date.now() / 1000);
    while (taken.has(`${seconds}.zip`) || taken.has(`${seconds}.zip.part`)) seconds++;
    return join(this.dirOf(projectId), `${seconds}.zip`);
  }
}
