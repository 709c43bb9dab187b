import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCEPTED, extractRealRepo, msgfmtCheck, xmllintCheck } from '../../src/formats/fixtures/toolchain';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { xpath } from '../support/independent-counts';

/** The ids of an XLIFF file's trans-units, all or only those with a non-empty target, as xmllint reads them. */
function unitIds(path: string, withTarget: boolean): string[] {
  const filter = withTarget ? "[*[local-name()='target' and string-length(.) > 0]]" : '';
  return [...xpath(path, `//*[local-name()='trans-unit']${filter}/@id`).matchAll(/id="([^"]*)"/g)].map((match) => match[1]);
}

/**
 * Symfony's monolingual XLIFF (symfony/demo, test/fixtures/real-repos): the template's `<target>` is the source string,
 * keys a translation lacks are untranslated strings of it, and saving writes only the edited and added units.
 */
describe('monolingual XLIFF of a real repository through the API', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });

  it('counts every template key, writes one edit and one new key into one file, and adds a valid language file', async () => {
    const dir = join(extractRealRepo('symfonydemo'), 'translations');
    const names = readdirSync(dir).filter((name) => name.startsWith('messages+intl-icu.'));
    const files = Object.fromEntries(names.map((name) => [`translations/${name}`, readFileSync(join(dir, name))]));
    const { project } = await createGitComponent(env, 'symfonydemo', files as never, {
      file_format: 'xliff', filemask: 'translations/messages+intl-icu.*.xlf', template: 'translations/messages+intl-icu.en.xlf',
    });
    const { t, git, admin } = env;
    const api = (path: string) => t.http().get(path).set('Authorization', admin.auth).expect(200).then((res) => res.body);

    // Every file is a translation; each counts the template's keys, translated where the file has a target.
    const templateIds = unitIds(join(dir, 'messages+intl-icu.en.xlf'), false);
    const listed: { filename: string; total: number; translated: number }[] = (await api(`/api/components/${project.slug}/app/translations/?page_size=100`)).results;
    expect(listed.map((row) => row.filename).sort()).toEqual(Object.keys(files).sort());
    for (const row of listed) {
      const own = new Set(unitIds(join(dir, row.filename.replace('translations/', '')), true));
      expect([row.filename, row.total, row.translated]).toEqual([row.filename, templateIds.length, templateIds.filter((id) => own.has(id)).length]);
    }
    const czech = listed.find((row) => row.filename.endsWith('.cs.xlf'))!;
    expect(czech.translated).toBeLessThan(czech.total);

    // The source string is the template's target, not the key in <source>.
    const unitOf = async (key: string) => (await api(`/api/translations/${project.slug}/app/cs/units/?q=${encodeURIComponent(`key:="${key}"`)}`)).results[0];
    const present = await unitOf('mit_license');
    expect(present.source).toEqual(['MIT License']);
    const czechFile = files['translations/messages+intl-icu.cs.xlf'].toString();
    const missingKey = templateIds.find((id) => !czechFile.includes(`id="${id}"`))!;
    const missing = await unitOf(missingKey);
    expect(missing.state).toBe(0);

    await t.http().patch(`/api/units/${present.id}/`).set('Authorization', admin.auth).send({ target: ['Licence MIT – upraveno'], state: 20 }).expect(200);
    await t.http().patch(`/api/units/${missing.id}/`).set('Authorization', admin.auth).send({ target: ['Nový překlad'], state: 20 }).expect(200);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);

    for (const path of Object.keys(files).filter((name) => !name.endsWith('.cs.xlf'))) {
      expect([path, await git.readFile('symfonydemo', path)]).toEqual([path, files[path].toString()]);
    }
    const pushed = Buffer.from(await git.readFile('symfonydemo', 'translations/messages+intl-icu.cs.xlf'));
    expect(xmllintCheck(pushed)).toEqual(ACCEPTED);
    const before = czechFile.split('\n');
    const added = pushed.toString().split('\n').filter((line) => !before.includes(line));
    expect(added.map((line) => line.trim())).toEqual([
      '<target state="translated">Licence MIT – upraveno</target>',
      `<trans-unit id="${missingKey}">`,
      `<source>${missingKey}</source>`,
      '<target state="translated">Nový překlad</target>',
    ]);
    const after = pushed.toString().split('\n');
    expect(before.filter((line) => !after.includes(line)).map((line) => line.trim())).toEqual([`<target>${present.target[0]}</target>`]);

    // Converted downloads pass their toolchain: the key becomes msgctxt, the template's text msgid.
    const po = await t.http().get(`/api/translations/${project.slug}/app/cs/file/?format=po`).set('Authorization', admin.auth).buffer(true).expect(200);
    expect(msgfmtCheck(Buffer.from(po.text))).toEqual(ACCEPTED);
    expect(po.text).toContain('msgctxt "mit_license"\nmsgid "MIT License"\nmsgstr "Licence MIT – upraveno"');

    // A new language is a valid file without a single unit: every string falls back to the source at run time.
    await t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', admin.auth).send({ language_code: 'eo' }).expect(201);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    const esperanto = Buffer.from(await git.readFile('symfonydemo', 'translations/messages+intl-icu.eo.xlf'));
    expect(xmllintCheck(esperanto)).toEqual(ACCEPTED);
    expect(esperanto.toString()).toContain('target-language="eo"');
    expect(esperanto.toString()).not.toContain('<trans-unit');
    const statistics = await api(`/api/translations/${project.slug}/app/eo/statistics/`);
    expect([statistics.total, statistics.translated]).toEqual([templateIds.length, 0]);
  });
});
