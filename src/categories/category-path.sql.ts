/**
 * SQL for the path of a category: its slugs from the top-level category down, joined by `/` (NULL for no category).
 * `idColumn` is the SQL expression naming the category (e.g. `co.category_id`). Nesting is bounded as categories
 * are (10 levels), so a cycle in bad data cannot make it loop.
 */
export function categoryPathSql(idColumn: string): string {
  return `(WITH RECURSIVE chain(slug, parent, depth) AS (
      SELECT up.slug, up.category_id, 0 FROM categories up WHERE up.id = ${idColumn}
      UNION ALL
      SELECT down.slug, down.category_id, chain.depth + 1 FROM categories down JOIN chain ON down.id = chain.parent WHERE chain.depth < 10
    ) SELECT string_agg(chain.slug, '/' ORDER BY chain.depth DESC) FROM chain)`;
}
