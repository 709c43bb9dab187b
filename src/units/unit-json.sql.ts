import { UnitState } from '../formats';

/** How a member's SQL value becomes JSON text: already JSON, text to quote, or a number or boolean as it prints. */
type Kind = 'json' | 'text' | 'literal';

/**
 * A unit as PostgreSQL writes it for a page of units: the object `serializeUnit` makes (Weblate's UnitSerializer),
 * member for member and in the same order (`test/e2e/unit-pages.e2e-spec.ts` compares the two for every member). A
 * page of 1000 strings read as rows spent most of its time in the driver parsing 28 columns a row (arrays, dates) and
 * in stringifying the objects made of them; as JSON text it goes to the response as it is. The object is one
 * `concat()` of its members' JSON texts: `json_build_object` took twice as long (about 25 against 14 ms a page).
 *
 * Aliases: `u` the unit, `tr` its translation's URLs (`url`, `language_code`, `editor`: the editor URL up to the
 * checksum). `unitsUrl` is the placeholder of the units collection's URL (`…/api/units/`).
 */
export function unitJson(unitsUrl: string): string {
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const sourceUnit = 'coalesce(u.source_unit_id, u.id)';
  // Most strings have no label: the aggregate is asked only of those that have one.
  const labels = `CASE WHEN EXISTS (SELECT 1 FROM unit_labels ul WHERE ul.unit_id = ${sourceUnit})
    THEN (SELECT json_agg(json_build_object('id', lb.id, 'name', lb.name, 'description', lb.description, 'color', lb.color) ORDER BY lb.name)
          FROM unit_labels ul JOIN labels lb ON lb.id = ul.label_id WHERE ul.unit_id = ${sourceUnit})
    ELSE '[]' END`;
  const members: [string, Kind, string][] = [
    ['translation', 'text', 'tr.url'],
    ['language_code', 'text', 'tr.language_code'],
    ['source', 'json', 'array_to_json(u.source)'],
    ['previous_source', 'text', 'u.previous_source'],
    ['target', 'json', 'array_to_json(u.target)'],
    ['id_hash', 'literal', 'u.id_hash'],
    ['content_hash', 'literal', 'u.content_hash'],
    ['location', 'text', 'u.location'],
    ['context', 'text', 'u.context'],
    ['note', 'text', 'u.note'],
    ['flags', 'text', 'u.flags'],
    ['labels', 'json', labels],
    ['state', 'literal', 'u.state'],
    ['fuzzy', 'literal', `(u.state >= ${UnitState.Fuzzy} AND u.state < ${UnitState.Translated})`],
    ['translated', 'literal', `(u.state >= ${UnitState.Translated})`],
    ['approved', 'literal', `(u.state = ${UnitState.Approved})`],
    ['position', 'literal', 'u.position'],
    ['has_suggestion', 'literal', 'u.has_suggestion'],
    ['has_comment', 'literal', 'u.has_comment'],
    ['has_failing_check', 'literal', '(cardinality(u.failing_checks) > 0)'],
    ['num_words', 'literal', 'u.num_words'],
    ['source_unit', 'text', `${unitsUrl} || ${sourceUnit} || '/'`],
    ['priority', 'literal', 'u.priority'],
    ['id', 'literal', 'u.id'],
    ['web_url', 'text', 'tr.editor || to_hex(u.id_hash)'],
    ['url', 'text', `${unitsUrl} || u.id || '/'`],
    ['explanation', 'text', 'u.explanation'],
    ['extra_flags', 'text', 'u.extra_flags'],
    ['pending', 'literal', 'u.pending'],
    ['timestamp', 'text', iso('u.timestamp')],
    ['last_updated', 'text', iso('u.last_updated')],
    ['automatically_translated', 'literal', 'u.automatically_translated'],
  ];
  const parts = members.map(([name, kind, value], index) => {
    const json = kind === 'text' ? `to_json(${value})` : kind === 'literal' ? `${value}::text` : value;
    return `'${index === 0 ? '{' : ','}"${name}":', ${json}`;
  });
  return `concat(${parts.join(', ')}, '}')`;
}

/** The URLs a translation's units show (`UrlBuilder.unitsOf`), as `unitJson`'s `tr` reads them. */
export interface TranslationUnitsJson {
  translationId: number;
  url: string;
  languageCode: string;
  /** The editor URL of one string, up to its checksum. */
  editor: string;
}
