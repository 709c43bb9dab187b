/** The comparison written between a field name and its value (`state:>=translated` uses `:>=`). */
export type Operator = ':' | ':=' | ':<' | ':<=' | ':>' | ':>=';

/**
 * What follows the operator. Ranges exist only for number and date fields, so `source:a..b` stays plain text; the
 * parser knows the field's kind and decides.
 */
export type TermValue =
  | { kind: 'text'; text: string }
  | { kind: 'regex'; pattern: string }
  | { kind: 'range'; start: string; end: string };

export interface TermNode {
  kind: 'term';
  /** Canonical field name (aliases such as `key` resolved), or null for free text. */
  field: string | null;
  operator: Operator;
  value: TermValue;
  /** Offsets into the query string, so the compiler can point at a bad value. */
  position: number;
  valuePosition: number;
}

export type QueryNode =
  | TermNode
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };
