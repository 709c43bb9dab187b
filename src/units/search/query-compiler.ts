import { QueryNode, TermNode } from './query-ast';
import { fieldKind } from './query-fields';
import { parseQuery } from './query-parser';
import { compileFlagTerm } from './flag-terms';
import { compileBooleanTerm, compileDateTerm, compileNumberTerm } from './ordered-terms';
import { SqlParams } from './sql-params';
import { compileExactTerm, compileFreeText, compileTextTerm } from './text-terms';

export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

/** What a query without terms (an empty `q`) compiles to. */
const EVERY_UNIT = 'TRUE';

/** Whether the query keeps every unit (the SQL is a bare TRUE), so a list may take its count from statistics. */
export function selectsEveryUnit(query: CompiledQuery): boolean {
  return query.sql === EVERY_UNIT;
}

/**
 * Turns a Weblate search query into a WHERE fragment over the unit listing's aliases (u, t, c, p, l).
 * `firstParam` is the $-number to start at, so the fragment can be appended to a query that already has params.
 * Throws QuerySyntaxError for anything it cannot understand. PostgreSQL may still refuse a regular expression that
 * JavaScript accepted; it then fails with SQLSTATE 2201B, which callers should also answer with a 400.
 */
export function compileQuery(query: string, firstParam = 1): CompiledQuery {
  const params = new SqlParams(firstParam);
  return { sql: compileNode(parseQuery(query), params), params: params.values };
}

function compileNode(node: QueryNode, params: SqlParams): string {
  switch (node.kind) {
    case 'term':
      return compileTerm(node, params);
    case 'not':
      return `NOT (${compileNode(node.child, params)})`;
    case 'and':
    case 'or':
      if (node.children.length === 0) return node.kind === 'and' ? EVERY_UNIT : 'FALSE';
      return `(${node.children.map((child) => compileNode(child, params)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
  }
}

function compileTerm(term: TermNode, params: SqlParams): string {
  const field = term.field;
  if (field === null) return compileFreeText(term, params);
  switch (fieldKind(field)) {
    case 'text':
      return compileTextTerm(field, term, params);
    case 'exact':
      return compileExactTerm(field, term, params);
    case 'number':
      return compileNumberTerm(field, term, params);
    case 'boolean':
      return compileBooleanTerm(field, term, params);
    case 'date':
      return compileDateTerm(field, term, params);
    case 'flag':
      return compileFlagTerm(field as 'is' | 'has', term);
  }
}
