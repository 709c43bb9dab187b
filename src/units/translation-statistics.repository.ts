import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UnitState } from '../formats';
import { FollowingWrite, SqlStatement } from '../database/chained-write';

/** What one unit contributes to its translation's stored aggregates. */
export interface UnitFacts {
  state: number;
  numWords: number;
  numChars: number;
  failingChecks: readonly string[];
  hasSuggestion: boolean;
  hasComment: boolean;
}

type Aggregates = Record<(typeof COLUMNS)[number], number>;

const COLUMNS = [
  'total', 'total_words', 'total_chars',
  'translated', 'translated_words', 'translated_chars',
  'fuzzy', 'fuzzy_words', 'fuzzy_chars',
  'approved', 'approved_words', 'approved_chars',
  'readonly', 'readonly_words', 'readonly_chars',
  'failing', 'failing_words', 'suggestions', 'comments',
] as const;

/** Weblate's buckets: "translated" includes approved and read-only strings; fuzzy covers every needs-editing state. */
const BUCKETS = {
  total: 'true',
  translated: `state >= ${UnitState.Translated}`,
  fuzzy: `state >= ${UnitState.Fuzzy} AND state < ${UnitState.Translated}`,
  approved: `state = ${UnitState.Approved}`,
  readonly: `state = ${UnitState.ReadOnly}`,
  failing: `cardinality(failing_checks) > 0`,
} as const;

function contribution(unit: UnitFacts | null): Aggregates {
  const result = Object.fromEntries(COLUMNS.map((column) => [column, 0])) as Aggregates;
  if (!unit) return result;
  const add = (bucket: string, words = true, chars = true) => {
    (result as Record<string, number>)[bucket] += 1;
    if (words) (result as Record<string, number>)[`${bucket}_words`] += unit.numWords;
    if (chars) (result as Record<string, number>)[`${bucket}_chars`] += unit.numChars;
  };
  add('total');
  if (unit.state >= UnitState.Translated) add('translated');
  if (unit.state >= UnitState.Fuzzy && unit.state < UnitState.Translated) add('fuzzy');
  if (unit.state === UnitState.Approved) add('approved');
  if (unit.state === UnitState.ReadOnly) add('readonly');
  if (unit.failingChecks.length) add('failing', true, false);
  if (unit.hasSuggestion) result.suggestions += 1;
  if (unit.hasComment) result.comments += 1;
  return result;
}

/** When a translation last changed and who changed it (its `last_change`, `last_author_id`). */
export interface LastChange {
  at: Date;
  authorId: number | null;
}

/** The UPDATE moving the aggregates by one unit's change, null when none moves; with `gate`, only when that CTE returned rows. */
function changeStatement(translationId: number, before: UnitFacts | null, after: UnitFacts | null, lastChange?: LastChange, gate?: string): SqlStatement | null {
  const old = contribution(before);
  const now = contribution(after);
  if (!lastChange && COLUMNS.every((column) => now[column] === old[column])) return null;
  // Every aggregate, moved by 0 where it does not move: one statement text whatever the change, which a save's
  // prepared statement (writeChained) needs.
  const sets = COLUMNS.map((column, index) => `${column} = ${column} + $${index + 2}`);
  const params: unknown[] = [translationId, ...COLUMNS.map((column) => now[column] - old[column])];
  if (lastChange) {
    sets.push(`last_change = $${params.length + 1}`, `last_author_id = $${params.length + 2}`);
    params.push(lastChange.at, lastChange.authorId);
  }
  return { sql: `UPDATE translations SET ${sets.join(', ')} WHERE id = $1${gate ? ` AND EXISTS (SELECT 1 FROM ${gate})` : ''}`, params };
}

/**
 * Keeps the aggregates stored on `translations` equal to what a count of their units gives, inside the
 * transaction that changes the units. Single edits apply a delta (`x = x + d` is re-evaluated on the latest row,
 * so concurrent edits never lose an update); bulk imports recount.
 */
@Injectable()
export class TranslationStatistics {
  /**
   * The move of a translation's aggregates when one of its units goes from `before` to `after`, as a write to chain
   * after the unit's own (`writeChained`); null when no aggregate moves.
   */
  changeAfterWrite(translationId: number, before: UnitFacts | null, after: UnitFacts | null, lastChange?: LastChange): FollowingWrite | null {
    if (!changeStatement(translationId, before, after, lastChange)) return null;
    return (written) => changeStatement(translationId, before, after, lastChange, written)!;
  }

  /**
   * Recomputes the aggregates of whole translations from their units (after imports, uploads and deletions), and
   * whether their positions are exactly 1 … total (`positions_dense`, which inserting or deleting units clears).
   */
  async recount(manager: EntityManager, translationIds: readonly number[]): Promise<void> {
    if (!translationIds.length) return;
    const select = Object.entries(BUCKETS).flatMap(([bucket, condition]) => {
      const filter = condition === 'true' ? '' : ` FILTER (WHERE ${condition})`;
      const items = [`count(*)${filter} AS ${bucket}`, `coalesce(sum(num_words)${filter}, 0) AS ${bucket}_words`];
      if (bucket !== 'failing') items.push(`coalesce(sum(num_chars)${filter}, 0) AS ${bucket}_chars`);
      return items;
    });
    select.push('count(*) FILTER (WHERE has_suggestion) AS suggestions', 'count(*) FILTER (WHERE has_comment) AS comments');
    select.push('(count(DISTINCT position) = count(*) AND min(position) = 1 AND max(position) = count(*)) AS positions_dense');
    await manager.query(
      `UPDATE translations t SET ${COLUMNS.map((column) => `${column} = coalesce(s.${column}, 0)`).join(', ')},
         positions_dense = coalesce(s.positions_dense, true)
       FROM (SELECT id FROM translations WHERE id = ANY($1::int[])) ids
       LEFT JOIN (SELECT translation_id, ${select.join(', ')} FROM units WHERE translation_id = ANY($1::int[]) GROUP BY translation_id) s
         ON s.translation_id = ids.id
       WHERE t.id = ids.id`,
      [translationIds],
    );
  }
}
