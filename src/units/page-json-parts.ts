/**
 * Writing a unit's JSON is PostgreSQL's CPU (about 20 µs a row: 32 members escaped and joined), and one statement
 * runs on one core. A page of more rows than this is written in consecutive parts at once, each a statement on a
 * connection of its own: a page of 1000 strings took 21 ms in one statement and 16–17 ms in two on 2 cores (the
 * rest is reading the rows and sending 1 MB), and more cores on the database's side shorten it further. A page holds
 * `MAX_PARTS` connections of the pool at most (unit lists take pages of up to 10 000 rows).
 */
const JSON_ROWS_PER_STATEMENT = 500;
const MAX_PARTS = 4;

/** A part of a page: `take` rows after the page's first `skip`. */
export interface PagePart {
  skip: number;
  take: number;
}

/** A page of `rows` rows as its consecutive parts of about equal size: `JSON_ROWS_PER_STATEMENT` at most, unless that takes over `MAX_PARTS`. */
export function pageParts(rows: number): PagePart[] {
  const count = Math.min(MAX_PARTS, Math.max(1, Math.ceil(rows / JSON_ROWS_PER_STATEMENT)));
  const size = Math.ceil(rows / count);
  return Array.from({ length: count }, (_, index) => ({ skip: index * size, take: Math.min(size, rows - index * size) }));
}

/** JSON arrays (as text, `[…]`) joined into one, in this order. */
export function joinJsonArrays(arrays: readonly string[]): string {
  return `[${arrays.map((array) => array.slice(1, -1)).filter((members) => members.length > 0).join(',')}]`;
}
