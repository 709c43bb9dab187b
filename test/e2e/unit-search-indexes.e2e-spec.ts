import { compileQuery } from '../../src/units/search';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The unit search states its text terms on the expressions the trigram indexes of
 * migrations/1763780120000-index-unit-search.ts hold; if either side changes alone, the search silently goes back to
 * reading every unit. With sequential and plain index scans disabled, PostgreSQL plans a bitmap scan only on an index
 * whose expression the condition names exactly, so the plan shows which indexes the compiled search can use, on any
 * number of rows.
 */
describe('unit search: trigram indexes', () => {
  let t: TestApp;

  /** The indexes of `units` in the plan of the units a search selects. */
  const indexesUsed = (q: string): Promise<string[]> =>
    t.dataSource.transaction(async (manager) => {
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await manager.query(`SET LOCAL ${setting} = off`);
      const search = compileQuery(q);
      const [{ 'QUERY PLAN': plan }] = await manager.query(`EXPLAIN (FORMAT JSON) SELECT u.id FROM units u WHERE ${search.sql}`, search.params);
      return [...new Set(JSON.stringify(plan).match(/units_\w+_trgm/g) ?? [])].sort();
    });

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('serves substring terms on source, target, context and note', async () => {
    expect(await indexesUsed('source:"number 4242"')).toEqual(['units_source_trgm']);
    expect(await indexesUsed('target:Welt')).toEqual(['units_target_trgm']);
    expect(await indexesUsed('context:menu')).toEqual(['units_context_trgm']);
    expect(await indexesUsed('key:menu')).toEqual(['units_context_trgm']);
    expect(await indexesUsed('note:"start page"')).toEqual(['units_note_trgm']);
  });

  it('serves free text from the source, target and context indexes together', async () => {
    expect(await indexesUsed('hello')).toEqual(['units_context_trgm', 'units_source_trgm', 'units_target_trgm']);
  });

  it('serves regular expressions without anchors or lookarounds', async () => {
    expect(await indexesUsed('source:r"apple.%d"')).toEqual(['units_source_trgm']);
    expect(await indexesUsed('target:r"(?i)jablk[ao]"')).toEqual(['units_target_trgm']);
    expect(await indexesUsed('context:r"^menu$"')).toEqual(['units_context_trgm']);
  });
});
