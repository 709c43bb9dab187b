import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = [
  'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n',
  ...['One', 'Two', 'Three', 'Four', 'Five'].map((source) => `msgid "${source}"\nmsgstr ""\n`),
].join('\n');

/** Many clients editing overlapping strings at once: every one is answered 200, and nothing is lost or miscounted. */
describe('concurrent edits', () => {
  const env = useGitTestEnv();

  it('keeps every edit of 20 clients each editing 2 of 5 strings at once, with exact statistics', async () => {
    const { t, admin } = env;
    const { project } = await createGitComponent(env, 'overlap', { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const units: { id: number }[] = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results;
    expect(units).toHaveLength(5);

    // Client i edits strings i and i+1 (mod 5), both at once: every string is edited by eight clients.
    const edits = Array.from({ length: 20 }, (_, client) => [client % 5, (client + 1) % 5].map((index) => ({
      unitId: units[index]!.id, target: `client ${client} string ${index}`, state: client % 2 === 0 ? 20 : 10,
    }))).flat();
    const statuses = await Promise.all(edits.map(async ({ unitId, target, state }) =>
      (await t.http().patch(`/api/units/${unitId}/`).set('Authorization', admin.auth).send({ target: [target], state })).status));
    expect(statuses).toEqual(edits.map(() => 200));

    const logged: string[] = [];
    for (let page: string | null = `${translation}changes/?page_size=1000`; page;) {
      const body = (await t.http().get(page.replace(/^https?:\/\/[^/]+/, '')).set('Authorization', admin.auth).expect(200)).body as {
        results: { unit: string | null; target: string }[];
        next: string | null;
      };
      for (const change of body.results) if (change.unit) logged.push(change.target);
      page = body.next;
    }
    expect(logged.sort()).toEqual(edits.map((edit) => edit.target).sort());

    const statistics = (await t.http().get(`${translation}statistics/`).set('Authorization', admin.auth).expect(200)).body;
    const [recount] = await t.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE state >= 20)::int AS translated, count(*) FILTER (WHERE state = 10)::int AS fuzzy
       FROM units WHERE translation_id = (SELECT t.id FROM translations t JOIN components c ON c.id = t.component_id
         WHERE c.project_id = $1 AND t.language_code = 'cs')`,
      [project.id],
    );
    expect(recount.total).toBe(5);
    expect(statistics).toMatchObject(recount);
  });
});
