import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnitState } from '../formats';

/**
 * Strings already translated on this server, for the built-in `weblate` engine: reads units, translations,
 * components, projects and languages, writes nothing.
 */
@Injectable()
export class WeblateMatchesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * For each text, a translation into the target language of a string with exactly that source (a singular
   * string, of a component with that source language), translated or approved, in the project itself or in a
   * project anyone may see (public or protected, not a restricted component). The project's own and approved
   * ones come first, then the newest.
   */
  async exactMatches(projectId: number, sourceLanguage: string, targetLanguage: string, texts: readonly string[]): Promise<Map<string, string>> {
    const rows: { source: string; target: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (u.source[1]) u.source[1] AS source, u.target[1] AS target
       FROM units u
       JOIN translations tr ON tr.id = u.translation_id
       JOIN components co ON co.id = tr.component_id
       JOIN projects p ON p.id = co.project_id
       WHERE tr.language_id = (SELECT id FROM languages WHERE code = $3)
         AND co.source_language_id = (SELECT id FROM languages WHERE code = $2)
         AND NOT tr.is_source
         AND (co.project_id = $1 OR (p.access_control IN (0, 1) AND NOT co.restricted))
         AND cardinality(u.source) = 1 AND u.source[1] = ANY($4::text[])
         AND u.state >= ${UnitState.Translated} AND u.target[1] <> ''
       ORDER BY u.source[1], co.project_id = $1 DESC, u.state DESC, u.id DESC`,
      [projectId, sourceLanguage, targetLanguage, texts],
    );
    return new Map(rows.map((row) => [row.source, row.target]));
  }
}
