import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A translation's language and counts, for the variables of a commit message. */
export interface CommitTranslationRow {
  languageName: string;
  languageCode: string;
  /** The code the repository uses in file names. */
  fileCode: string;
  total: number;
  translated: number;
  fuzzy: number;
  approved: number;
}

/** What the repository operations read about the translations of the components sharing one working copy. */
@Injectable()
export class RepositoryOperationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async commitTranslation(translationId: number): Promise<CommitTranslationRow> {
    const [row]: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT l.name AS language_name, l.code, t.language_code, t.total, t.translated, t.fuzzy, t.approved
       FROM translations t JOIN languages l ON l.id = t.language_id WHERE t.id = $1`,
      [translationId],
    );
    return {
      languageName: String(row.language_name),
      languageCode: String(row.code),
      fileCode: String(row.language_code),
      total: Number(row.total),
      translated: Number(row.translated),
      fuzzy: Number(row.fuzzy),
      approved: Number(row.approved),
    };
  }

  /** Strings edited, added or removed in the database and not yet written to the files of this working copy. */
  async hasUncommittedStrings(ownerId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM translations t JOIN components c ON c.id = t.component_id
       WHERE (c.id = $1 OR c.linked_component_id = $1)
         AND (t.needs_write OR EXISTS (SELECT 1 FROM units u WHERE u.translation_id = t.id AND u.pending)) LIMIT 1`,
      [ownerId],
    );
    return rows.length > 0;
  }

  /** Files of the translations of every component using this working copy (the paths status and commit look at). */
  async translationFiles(ownerId: number): Promise<string[]> {
    const rows: { filename: string }[] = await this.dataSource.query(
      `SELECT DISTINCT t.filename FROM translations t JOIN components c ON c.id = t.component_id
       WHERE (c.id = $1 OR c.linked_component_id = $1) AND t.filename <> ''`,
      [ownerId],
    );
    return rows.map((row) => row.filename);
  }
}
