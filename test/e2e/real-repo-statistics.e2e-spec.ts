import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRealRepo } from '../../src/formats/fixtures/toolchain';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { msgfmtStatistics } from '../support/independent-counts';

/** Weblate's demo project: every PO file is a translation and its statistics are what msgfmt counts. */
describe('statistics of a real repository', () => {
  const env = useGitTestEnv();

  it("hello: every po/*.po is a translation, counted as msgfmt --statistics counts it", async () => {
    const po = join(extractRealRepo('hello'), 'po');
    const names = readdirSync(po).filter((name) => name.endsWith('.po'));
    const files = Object.fromEntries([...names, 'hello.pot'].map((name) => [`po/${name}`, readFileSync(join(po, name))]));
    const { project } = await createGitComponent(env, 'hello-statistics', files as never, { filemask: 'po/*.po', new_base: 'po/hello.pot', file_format: 'po' });
    const { t, admin } = env;
    const listed = (await t.http().get(`/api/components/${project.slug}/app/translations/?page_size=1000`).set('Authorization', admin.auth).expect(200)).body.results;
    const byCode = new Map<string, { total: number; translated: number; fuzzy: number }>(listed.map((row: { language_code: string }) => [row.language_code, row]));
    expect([...byCode.keys()].filter((code) => code !== 'en').sort()).toEqual(names.map((name) => name.replace('.po', '')).sort());
    for (const name of names) {
      const counted = msgfmtStatistics(join(po, name));
      const row = byCode.get(name.replace('.po', ''))!;
      expect([name, row.total, row.translated, row.fuzzy]).toEqual([name, counted.translated + counted.fuzzy + counted.untranslated, counted.translated, counted.fuzzy]);
    }
  });
});
