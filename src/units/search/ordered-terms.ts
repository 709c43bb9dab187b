import { Operator, TermNode } from './query-ast';
import { DateSpan, parseDateSpan } from './query-dates';
import { QuerySyntaxError } from './query-syntax-error';
import { parseBoolean, parseInteger, parseState } from './query-values';
import { SqlParams } from './sql-params';
import { LABELS_COUNT } from './unit-sql';

const NUMBER_COLUMNS: ReadonlyMap<string, string> = new Map(Object.entries({
  state: 'u.state',
  priority: 'u.priority',
  id: 'u.id',
  position: 'u.position',
  labels_count: LABELS_COUNT,
}));

const COMPARISONS: Readonly<Record<Operator, string>> = { ':': '=', ':=': '=', ':<': '<', ':<=': '<=', ':>': '>', ':>=': '>=' };

/** Numbers compare as written; `state` also takes names (`state:>=translated`) and `id` a list (`id:1,2,3`). */
export function compileNumberTerm(field: string, term: TermNode, params: SqlParams): string {
  const column = NUMBER_COLUMNS.get(field);
  const value = term.value;
  const parse = (text: string) =>
    field === 'state' ? parseState(text, term.valuePosition) : parseInteger(text, term.valuePosition);
  if (value.kind === 'regex') throw new QuerySyntaxError(`Field "${field}" does not accept a regular expression`, term.position);
  if (value.kind === 'range') {
    requireEquality(term, 'A range');
    const start = params.add(parse(value.start), 'integer');
    return `${column} BETWEEN ${start} AND ${params.add(parse(value.end), 'integer')}`;
  }
  if (field === 'id' && value.text.includes(',')) {
    requireEquality(term, 'A list of ids');
    return `${column} = ANY(${params.add(value.text.split(',').map(parse), 'integer[]')})`;
  }
  return `${column} ${COMPARISONS[term.operator]} ${params.add(parse(value.text), 'integer')}`;
}

export function compileBooleanTerm(field: string, term: TermNode, params: SqlParams): string {
  if (term.value.kind !== 'text') throw new QuerySyntaxError(`Field "${field}" expects yes or no`, term.valuePosition);
  requireEquality(term, `Field "${field}"`);
  return `u.${field} = ${params.add(parseBoolean(term.value.text, term.valuePosition), 'boolean')}`;
}

/**
 * Dates compare as the span they name (see DateSpan): `:` is within it, `:>` after it, `:<=` before its end. A
 * range `a..b` (or `[a to b]`) runs from the start of `a` to the end of `b`, so both ends are included.
 */
export function compileDateTerm(field: string, term: TermNode, params: SqlParams): string {
  const value = term.value;
  const span = (text: string): DateSpan => {
    const parsed = parseDateSpan(text);
    if (!parsed) throw new QuerySyntaxError(`Invalid date "${text}"`, term.valuePosition);
    return parsed;
  };
  let start: Date | undefined;
  let end: Date | undefined;
  if (value.kind === 'regex') throw new QuerySyntaxError(`Field "${field}" does not accept a regular expression`, term.position);
  if (value.kind === 'range') {
    requireEquality(term, 'A range');
    start = span(value.start).start;
    end = span(value.end).end;
  } else {
    const named = span(value.text);
    if (term.operator === ':' || term.operator === ':=') ({ start, end } = named);
    else if (term.operator === ':>') start = named.end;
    else if (term.operator === ':>=') start = named.start;
    else if (term.operator === ':<') end = named.start;
    else end = named.end;
  }
  return dateCondition(field, start, end, params);
}

function dateCondition(field: string, start: Date | undefined, end: Date | undefined, params: SqlParams): string {
  const column = field === 'added' ? 'u.timestamp' : field === 'changed' ? 'u.last_updated' : 'ch.timestamp';
  const bounds: string[] = [];
  if (start) bounds.push(`${column} >= ${params.add(start.toISOString(), 'timestamptz')}`);
  if (end) bounds.push(`${column} < ${params.add(end.toISOString(), 'timestamptz')}`);
  const condition = bounds.join(' AND ');
  // change_time: when any change of the unit happened, not only the last one.
  if (field === 'change_time') return `EXISTS (SELECT 1 FROM changes ch WHERE ch.unit_id = u.id AND ${condition})`;
  return bounds.length > 1 ? `(${condition})` : condition;
}

function requireEquality(term: TermNode, what: string): void {
  if (term.operator !== ':' && term.operator !== ':=') {
    throw new QuerySyntaxError(`${what} needs the ":" operator`, term.position);
  }
}
