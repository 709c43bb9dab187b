import { useGitTestEnv } from '../support/git-component';

/** The translation memory: filled from translated strings, listed and deleted through /api/memory/ as Weblate does. */
describe('translation memory', () => {
  const env = useGitTestEnv({}, () => ({ EVENTS_POLL_MS: '0' }));

  it('finds stored sources by trigram similarity, pg_trgm installed in public', async () => {
    const [{ id: languageId }] = (await env.t.dataSource.query("SELECT id FROM languages WHERE code = 'en'")) as { id: number }[];
    await env.t.dataSource.query(
      `INSERT INTO memory (source, target, source_language_id, target_language_id, origin)
       VALUES ('Save the file', 'Uložit soubor', $1, $1, 'x/y'), ('Quit now', 'Konec', $1, $1, 'x/y')`,
      [languageId],
    );
    const rows = (await env.t.dataSource.query(
      "SELECT source, round(similarity(source, 'Save file')::numeric, 2) AS score FROM memory WHERE source % 'Save file'",
    )) as { source: string; score: string }[];
    expect(rows.map((row) => row.source)).toEqual(['Save the file']);
    const [{ schema }] = (await env.t.dataSource.query(
      "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
    )) as { schema: string }[];
    expect(schema).toBe('public');
  });
});
