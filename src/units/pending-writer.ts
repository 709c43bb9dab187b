import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { fileRevision, writtenRevision } from './file-revision';
import { WorkingCopy } from '../vcs/working-copy';
import { loadTranslationFiles, TranslationFileInfo } from './translation-languages';
import { readOptional, TranslationRenderer } from './translation-renderer';

/** One translation file rewritten from its units, with who to credit for it. */
export interface WrittenFile {
  translationId: number;
  filename: string;
  languageCode: string;
  author: { name: string; email: string } | null;
}

/**
 * Writes the strings changed in the database (pending units, added or removed strings) into the component's
 * files through its format, which rewrites only what changed. The units stop being pending in the same
 * transaction, so a failure leaves them pending for the next try.
 */
@Injectable()
export class PendingWriter {
  constructor(private readonly renderer: TranslationRenderer) {}

  async write(manager: EntityManager, component: Component, repository: WorkingCopy): Promise<WrittenFile[]> {
    const dirty: { id: number }[] = await manager.query(
      `SELECT t.id FROM translations t WHERE t.component_id = $1 AND t.filename <> ''
         AND (t.needs_write OR EXISTS (SELECT 1 FROM units u WHERE u.translation_id = t.id AND u.pending))`,
      [component.id],
    );
    if (!dirty.length) return [];
    const dirtyIds = new Set(dirty.map((row) => row.id));
    const translations = (await loadTranslationFiles(manager, component.id)).filter((translation) => dirtyIds.has(translation.id));
    const template = component.template ? await readOptional(repository, component.template) : undefined;
    const written: WrittenFile[] = [];
    const date = new Date();
    for (const translation of translations) {
      const author = await this.lastAuthor(manager, translation);
      const revision = writtenRevision(date, author ? `${author.name} <${author.email}>` : undefined);
      const data = await this.renderer.render(manager, component, translation, repository, revision);
      await repository.writeFile(translation.filename, data);
      await manager.query('UPDATE units SET pending = false WHERE translation_id = $1 AND pending', [translation.id]);
      await manager.query('UPDATE translations SET needs_write = false, revision = $2 WHERE id = $1', [translation.id, fileRevision(data, translation.isSource ? undefined : template)]);
      written.push({ translationId: translation.id, filename: translation.filename, languageCode: translation.languageCode, author });
    }
    return written;
  }

  private async lastAuthor(manager: EntityManager, translation: TranslationFileInfo): Promise<WrittenFile['author']> {
    const [row]: { full_name: string; email: string }[] = await manager.query(
      'SELECT u.full_name, u.email FROM translations t JOIN users u ON u.id = t.last_author_id WHERE t.id = $1',
      [translation.id],
    );
    return row && row.email ? { name: row.full_name || row.email, email: row.email } : null;
  }
}
