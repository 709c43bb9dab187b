import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { fileRevision, writtenRevision } from './file-revision';
import { WorkingCopy } from '../vcs/working-copy';
import { lastAuthor, loadTranslationFiles, markWritten, unwrittenTranslationIds } from './translation-files.repository';
import { readOptional, TranslationRenderer } from './translation-renderer';
import type { RenderedVersions } from './unit-rows.repository';

/** One translation file rewritten from its units, with who to credit for it. */
export interface WrittenFile {
  translationId: number;
  filename: string;
  languageCode: string;
  author: { name: string; email: string } | null;
}

/**
 * Writes the strings changed in the database (pending units, added or removed strings) into the component's
 * files through its format, which rewrites only what changed. The units written stop being pending in the same
 * transaction, so a failure leaves them pending for the next try, and so does an edit committed meanwhile.
 */
@Injectable()
export class PendingWriter {
  constructor(private readonly renderer: TranslationRenderer) {}

  async write(manager: EntityManager, component: Component, repository: WorkingCopy): Promise<WrittenFile[]> {
    const dirtyIds = await unwrittenTranslationIds(manager, component.id);
    if (!dirtyIds.size) return [];
    const translations = (await loadTranslationFiles(manager, component.id)).filter((translation) => dirtyIds.has(translation.id));
    const template = component.template ? await readOptional(repository, component.template) : undefined;
    const written: WrittenFile[] = [];
    const date = new Date();
    for (const translation of translations) {
      const author = await lastAuthor(manager, translation.id);
      const revision = writtenRevision(date, author ? `${author.name} <${author.email}>` : undefined);
      const rendered: RenderedVersions = { ids: [], versions: [] };
      const data = await this.renderer.render(manager, component, translation, repository, { revision, rendered });
      await repository.writeFile(translation.filename, data);
      await markWritten(manager, translation, fileRevision(data, translation.isSource ? undefined : template), rendered);
      written.push({ translationId: translation.id, filename: translation.filename, languageCode: translation.languageCode, author });
    }
    return written;
  }
}
