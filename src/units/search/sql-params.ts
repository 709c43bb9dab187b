/** Collects bound values and hands out their `$n` placeholders, starting wherever the caller's query left off. */
export class SqlParams {
  readonly values: unknown[] = [];

  constructor(private readonly firstNumber: number) {}

  /**
   * The placeholder for `value`, with an explicit cast: node-postgres sends parameters untyped, and PostgreSQL
   * cannot always infer a type (`lower($1)` is ambiguous) or would infer a narrower one (`smallint` for a state).
   */
  add(value: unknown, type: 'text' | 'integer' | 'integer[]' | 'boolean' | 'timestamptz'): string {
    this.values.push(value);
    return `$${this.firstNumber + this.values.length - 1}::${type}`;
  }
}

/** A case-insensitive substring pattern in which the user's `%`, `_` and `\` stand for themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
