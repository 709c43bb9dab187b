import { createGitComponent, useGitTestEnv } from '../support/git-component';

/*
 * Lists of units are written by PostgreSQL (src/units/unit-json.sql.ts), a single unit by its serializer: both must
 * give the same object, member for member and in the same order, for every kind of string.
 */

const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: cs\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

#. Shown on the start page
#: src/start.c:10 src/start.c:20
#, c-format
msgctxt "menu"
msgid "Open %s"
msgstr "Otevřít %s"

# Translator's note
#, fuzzy
#| msgid "Close"
msgid "Close all"
msgstr "Zavřít"

msgid "One file"
msgid_plural "%d files"
msgstr[0] "Jeden soubor"
msgstr[1] "%d soubory"
msgstr[2] ""

msgid "Tab\\tand \\"quotes\\" and \\\\ and ünïcödé"
msgstr ""
`;

describe('unit lists', () => {
  const env = useGitTestEnv();

  it('show each unit exactly as the unit itself is shown', async () => {
    const { t, admin } = env;
    const { project } = await createGitComponent(env, 'pages', { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const call = (method: 'get' | 'post' | 'patch', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    // In a category within a category: its units' URLs carry the path.
    const projectUrl = (await call('get', `/api/projects/${project.slug}/`).expect(200)).body.url as string;
    const docs = (await call('post', '/api/categories/').send({ name: 'Docs', slug: 'docs', project: projectUrl }).expect(201)).body;
    const guides = (await call('post', '/api/categories/').send({ name: 'Guides', slug: 'guides', project: projectUrl, category: docs.url }).expect(201)).body;
    await call('patch', `/api/components/${project.slug}/app/`).send({ category: guides.url }).expect(200);
    const translation = `/api/translations/${project.slug}/docs%252Fguides%252Fapp/cs/`;
    const listed = (await call('get', `${translation}units/`).expect(200)).body.results as { id: number; source_unit: string; context: string }[];
    expect(listed).toHaveLength(4);

    // Labels, an explanation and extra flags on a source string, a saved (pending, approved-capable) translation.
    const open = listed.find((unit) => unit.context === 'menu')!;
    const label = (await call('post', `/api/projects/${project.slug}/labels/`).send({ name: 'UI', color: 'navy' }).expect(201)).body;
    await call('patch', new URL(open.source_unit).pathname).send({ labels: [label.id], explanation: 'A menu item', extra_flags: 'max-length:40' }).expect(200);
    await call('patch', `/api/units/${listed[3]!.id}/`).send({ target: ['Tab\tand "uvozovky"'], state: 20 }).expect(200);

    const pages = [
      (await call('get', `${translation}units/?page_size=2`).expect(200)).body,
      (await call('get', `${translation}units/?page_size=2&page=2`).expect(200)).body,
      (await call('get', `${translation}units/?q=state:>=0`).expect(200)).body,
      (await call('get', `/api/units/?q=project:${project.slug}`).expect(200)).body,
    ];
    expect(pages.map((page) => page.count)).toEqual([4, 4, 4, 8]);
    expect(pages[0].next).toMatch(/page=2/);
    expect(pages[3].results[0].translation).toMatch(/\/api\/translations\/[^/]+\/docs%252Fguides%252Fapp\/(en|cs)\/$/);
    for (const page of pages) {
      for (const unit of page.results as { id: number }[]) {
        const alone = (await call('get', `/api/units/${unit.id}/`).expect(200)).body;
        // Each request is served on a port of its own: URLs are compared from their path on.
        expect(withoutHost(unit)).toBe(withoutHost(alone));
      }
    }
    const labelled = pages[3].results.filter((unit: { labels: unknown[] }) => unit.labels.length);
    expect(labelled.map((unit: { labels: unknown[] }) => unit.labels)).toEqual([[{ id: label.id, name: 'UI', description: '', color: 'navy' }], [{ id: label.id, name: 'UI', description: '', color: 'navy' }]]);
  });

  it('page through a translation in file order as strings are removed and added', async () => {
    const { t, admin } = env;
    const strings = ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven'];
    const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${strings.map((source) => `msgid "${source}"\nmsgstr ""\n`).join('\n')}`;
    const { project } = await createGitComponent(env, 'paging', { 'po/cs.po': po }, { filemask: 'po/*.po', file_format: 'po', manage_units: true });
    const call = (method: 'get' | 'post' | 'delete', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const paged = async (size: number) => {
      const seen: string[] = [];
      for (let page: string | null = `${translation}units/?page_size=${size}`; page;) {
        const body = (await call('get', page.replace(/^https?:\/\/[^/]+/, '')).expect(200)).body as { results: { source: string[] }[]; next: string | null };
        seen.push(...body.results.map((unit) => unit.source[0]!));
        page = body.next;
      }
      return seen;
    };
    const dense = async () => (await t.dataSource.query(
      `SELECT t.positions_dense FROM translations t JOIN components c ON c.id = t.component_id WHERE c.project_id = $1 AND t.language_code = 'cs'`, [project.id],
    ))[0].positions_dense as boolean;

    // Read from the file: positions 1 … 7, so a page is a range of positions.
    expect(await dense()).toBe(true);
    expect(await paged(2)).toEqual(strings);
    expect(await paged(3)).toEqual(strings);

    // A string removed leaves a gap in the positions: pages walk the index instead.
    const units = (await call('get', `${translation}units/`).expect(200)).body.results as { id: number; source: string[] }[];
    await call('delete', `/api/units/${units.find((unit) => unit.source[0] === 'Two')!.id}/`).expect(204);
    expect(await dense()).toBe(false);
    const left = strings.filter((source) => source !== 'Two');
    expect(await paged(2)).toEqual(left);
    await call('post', `${translation}units/`).send({ source: ['Eight'], target: ['Osm'], state: 20 }).expect(200);
    expect(await paged(4)).toEqual([...left, 'Eight']);

    // Units removed by any other writer, with no recount after: the flag goes with them.
    await t.dataSource.query(`UPDATE translations SET positions_dense = true WHERE id = (SELECT translation_id FROM units WHERE id = $1)`, [units[0]!.id]);
    await t.dataSource.query('DELETE FROM units WHERE id = $1', [units.find((unit) => unit.source[0] === 'Five')!.id]);
    expect(await dense()).toBe(false);
    expect((await call('get', `${translation}units/?page_size=2&page=3`).expect(200)).body.results.map((unit: { source: string[] }) => unit.source[0])).toEqual(['Seven', 'Eight']);
  });

  it('write a page of more strings than one statement writes in parts, in order and whole', async () => {
    const { t, admin } = env;
    const strings = Array.from({ length: 1203 }, (_, index) => `String ${index + 1}`);
    const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${strings.map((source) => `msgid "${source}"\nmsgstr "${source} cs"\n`).join('\n')}`;
    const { project } = await createGitComponent(env, 'parts', { 'po/cs.po': po }, { filemask: 'po/*.po', file_format: 'po', manage_units: true });
    const call = (method: 'get' | 'delete', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const page = async (path: string) => (await call('get', path).expect(200)).body as { count: number; next: string | null; results: { id: number; source: string[]; target: string[] }[] };

    const first = await page(`${translation}units/?page_size=1000`);
    expect(first.count).toBe(1203);
    expect(first.next).toMatch(/page=2/);
    expect(first.results.map((unit) => unit.source[0])).toEqual(strings.slice(0, 1000));
    expect(first.results.map((unit) => unit.target[0])).toEqual(strings.slice(0, 1000).map((source) => `${source} cs`));
    const second = await page(`${translation}units/?page_size=1000&page=2`);
    expect(second.next).toBeNull();
    expect(second.results.map((unit) => unit.source[0])).toEqual(strings.slice(1000));

    // With a gap in the positions (the index walked instead of a range), and through a search (ids read first).
    await call('delete', `/api/units/${first.results[1]!.id}/`).expect(204);
    const left = strings.filter((source) => source !== 'String 2');
    expect((await page(`${translation}units/?page_size=1000`)).results.map((unit) => unit.source[0])).toEqual(left.slice(0, 1000));
    const searched = await page(`${translation}units/?page_size=1000&page=2&q=${encodeURIComponent('source:"String"')}`);
    expect(searched.count).toBe(1202);
    expect(searched.results.map((unit) => unit.source[0])).toEqual(left.slice(1000));
  });

  it('answer the browsable format with the same list', async () => {
    const { t, admin } = env;
    const { project } = await createGitComponent(env, 'browsable', { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const page = await t.http().get(`/api/translations/${project.slug}/app/cs/units/?format=api`).set('Authorization', admin.auth).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('&quot;count&quot;: 4');
    expect(page.text).toContain('Otevřít %s');
  });
});

function withoutHost(value: unknown): string {
  return JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+/g, '');
}
