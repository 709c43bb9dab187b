/**
 * A PostgreSQL array literal (`{"a","b"}`) for a text[] column. Bulk statements pass one literal per row in a
 * text[] parameter and cast it back, because unnest() would flatten a text[][] parameter.
 */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
