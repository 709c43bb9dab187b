import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedLines } from '../../src/formats/fixtures/fixture';
import { ACCEPTED, extractRealRepo, filesOf, xmllintCheck } from '../../src/formats/fixtures/toolchain';
import { androidCount, FileCount, i18nextCount, plists, stringsdictCount } from '../support/independent-counts';
import { createGitComponent, GitTestEnv, useGitTestEnv } from '../support/git-component';

/**
 * Files Weblate itself wrote (test/fixtures/real-repos: NewPipe's Android strings, Actual Budget's i18next v4
 * JSON, CoMaps' stringsdict plurals), whose plurals carry the gettext count of categories: statistics follow Weblate's rule (a plural with any
 * form filled is translated), an edit changes only its lines and drops nothing, the files pass their toolchain.
 */

interface ApiUnit {
  id: number;
  context: string;
  target: string[];
  state: number;
}

interface TranslationRow {
  filename: string;
  language_code: string;
  total: number;
  translated: number;
  language: { code: string; name: string; plural: { number: number; formula: string } };
}

jest.setTimeout(120_000);

describe('files written by Weblate, read and written as Weblate does', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });

  const get = async (path: string) => (await env.t.http().get(path).set('Authorization', env.admin.auth).expect(200)).body;
  const units = async (slug: string, code: string): Promise<ApiUnit[]> => (await get(`/api/translations/${slug}/app/${code}/units/?page_size=10000`)).results;
  const push = (slug: string) => env.t.http().post(`/api/components/${slug}/app/repository/`).set('Authorization', env.admin.auth).send({ operation: 'push' }).expect(200);
  const edit = (unit: ApiUnit, target: string[]) => env.t.http().patch(`/api/units/${unit.id}/`).set('Authorization', env.admin.auth).send({ target, state: 20 });

  /** Every translation's statistics, by file, beside the independent count of its file. */
  async function statistics(slug: string, count: (filename: string) => FileCount): Promise<[string, number, number][][]> {
    const rows: TranslationRow[] = (await get(`/api/components/${slug}/app/translations/?page_size=1000`)).results;
    const translations = rows.filter((row) => row.filename && !/\/values\/|^en\.json$/.test(row.filename));
    return translations.map((row) => {
      const counted = count(row.filename);
      return [[row.filename, row.total, row.translated], [row.filename, counted.total, counted.translated!]];
    });
  }

  async function unchangedBut(name: string, files: Record<string, Buffer>, edited: string[]): Promise<void> {
    for (const path of Object.keys(files).filter((file) => !edited.includes(file))) {
      expect([path, await env.git.readFile(name, path)]).toEqual([path, files[path].toString()]);
    }
  }

  it('Android (NewPipe): plurals of fewer categories count, read-only strings stay out, Okinawan is a language', async () => {
    const newpipe = extractRealRepo('newpipe');
    const res = 'app/src/main/res';
    const files = filesOf(newpipe, [res]);
    const { project } = await createGitComponent(env as GitTestEnv, 'newpipe', files as never, {
      filemask: `${res}/values-*/strings.xml`, template: `${res}/values/strings.xml`, file_format: 'aresource',
    });
    const template = join(newpipe, `${res}/values/strings.xml`);
    for (const [served, counted] of await statistics(project.slug, (file) => androidCount(template, join(newpipe, file)))) expect(served).toEqual(counted);

    // Okinawan is no language of the shipped data: Weblate creates it with the default plural, and so does the server.
    const okinawan: TranslationRow = await get(`/api/translations/${project.slug}/app/ryu/`);
    expect(okinawan.language).toMatchObject({ code: 'ryu', name: 'ryu (generated)', plural: { number: 2, formula: 'n != 1' } });
    expect(okinawan.translated).toBeGreaterThan(0);

    // The template's translatable="false" string is read-only in every translation, and counted translated.
    const russian = await units(project.slug, 'ru');
    const fixed = russian.find((unit) => unit.context === 'manual_update_title')!;
    expect(fixed.state).toBe(100);
    expect((await edit(fixed, ['Проверить']).expect(403)).body).toHaveProperty('detail');

    // A Czech plural written for one/few/other: the `many` an editor fills is added, nothing else changes.
    const czech = await units(project.slug, 'cs');
    const subscribers = czech.find((unit) => unit.context === 'subscribers')!;
    expect(subscribers).toMatchObject({ target: ['%s odběratel', '%s odběratelé', '', '%s odběratelů'], state: 20 });
    await edit(subscribers, ['%s odběratel', '%s odběratelé', '%s odběratele', '%s odběratelů']).expect(200);
    await push(project.slug);
    const path = `${res}/values-cs/strings.xml`;
    const pushed = await env.git.readFile('newpipe', path);
    expect(changedLines(files[path], pushed)).toEqual({ removed: [], added: ['        <item quantity="many">%s odběratele</item>'] });
    expect(xmllintCheck(Buffer.from(pushed))).toEqual(ACCEPTED);
    await unchangedBut('newpipe', files, [path]);

    // A new language starts without the template's arrays (Android would not fall back from an empty one) and
    // without its untranslatable string.
    const added = (await env.t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', env.admin.auth)
      .send({ language_code: 'yo' }).expect(201)).body;
    await push(project.slug);
    const yoruba = await env.git.readFile('newpipe', added.data.filename);
    expect(yoruba).not.toContain('<string-array');
    expect(yoruba).not.toContain('manual_update_title');
    expect(xmllintCheck(Buffer.from(yoruba))).toEqual(ACCEPTED);

    // Started from the template as new_base, a file has every string empty but the untranslatable one.
    await env.t.http().patch(`/api/components/${project.slug}/app/`).set('Authorization', env.admin.auth).send({ new_base: `${res}/values/strings.xml` }).expect(200);
    const hausa = (await env.t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', env.admin.auth)
      .send({ language_code: 'ha' }).expect(201)).body;
    await push(project.slug);
    const fromBase = await env.git.readFile('newpipe', hausa.data.filename);
    expect(fromBase).toContain('<string name="manual_update_description"></string>');
    expect(fromBase).not.toContain('manual_update_title');
    expect(xmllintCheck(Buffer.from(fromBase))).toEqual(ACCEPTED);
  });

  it('stringsdict (CoMaps): plurals of fewer categories count, and a form filled goes beside the others', async () => {
    const comaps = extractRealRepo('comaps');
    const dir = 'iphone/Maps/LocalizedStrings';
    const files = filesOf(comaps, [dir]);
    const { project } = await createGitComponent(env as GitTestEnv, 'comaps', files as never, {
      filemask: `${dir}/*.lproj/Localizable.stringsdict`, template: `${dir}/en.lproj/Localizable.stringsdict`, file_format: 'stringsdict',
    });
    const read = plists(Object.keys(files).map((path) => join(comaps, path)));
    const template = read.get(join(comaps, `${dir}/en.lproj/Localizable.stringsdict`))!;
    const rows: TranslationRow[] = (await get(`/api/components/${project.slug}/app/translations/?page_size=1000`)).results;
    const translations = rows.filter((row) => row.filename && !row.filename.includes('/en.lproj/'));
    expect(translations.map((row) => row.language_code).sort()).toEqual(['ca', 'cs', 'pl', 'ru', 'uk']);
    for (const row of translations) {
      const counted = stringsdictCount(template, read.get(join(comaps, row.filename))!);
      expect([row.filename, row.total, row.translated]).toEqual([row.filename, counted.total, counted.translated]);
    }

    // Weblate wrote Russian one/few/many (and a zero CLDR does not give Russian): the `other` filled is added,
    // with nothing else of the file changing.
    const russian = await units(project.slug, 'ru');
    const detected = russian.find((unit) => unit.context === 'bookmarks_detect_message:value')!;
    expect(detected.state).toBe(20);
    expect(detected.target[3]).toBe('');
    await edit(detected, [...detected.target.slice(0, 3), '%d файла были найдены. Вы увидите их после конвертации.']).expect(200);
    await push(project.slug);
    const path = `${dir}/ru.lproj/Localizable.stringsdict`;
    const pushed = await env.git.readFile('comaps', path);
    expect(changedLines(files[path], pushed)).toEqual({
      removed: [],
      added: ['\t\t\t<key>other</key>', '\t\t\t<string>%d файла были найдены. Вы увидите их после конвертации.</string>'],
    });
    expect(xmllintCheck(Buffer.from(pushed))).toEqual(ACCEPTED);
    const saved = join(mkdtempSync(join(tmpdir(), 'comaps-')), 'Localizable.stringsdict');
    writeFileSync(saved, pushed);
    expect((plists([saved]).get(saved)!.bookmarks_detect_message as { value: Record<string, string> }).value.other).toBe('%d файла были найдены. Вы увидите их после конвертации.');
    await unchangedBut('comaps', files, [path]);
  });

  it('i18next v4 (Actual Budget): Russian plurals without `_other` are strings, and an `_other` filled goes beside them', async () => {
    const actual = extractRealRepo('actualbudget');
    const files = Object.fromEntries(['en', 'ru', 'pl', 'uk', 'cs'].map((code) => [`${code}.json`, readFileSync(join(actual, `${code}.json`))]));
    const { project } = await createGitComponent(env as GitTestEnv, 'actualbudget', files as never, { filemask: '*.json', template: 'en.json', file_format: 'i18nextv4' });
    const template = files['en.json'];
    for (const [served, counted] of await statistics(project.slug, (file) => i18nextCount(template, files[file]))) expect(served).toEqual(counted);

    const russian = await units(project.slug, 'ru');
    const transactions = russian.find((unit) => unit.context === '{{count}} transactions')!;
    expect(transactions).toMatchObject({ target: ['{{count}} транзакция', '{{count}} транзакции', '{{count}} транзакций', ''], state: 20 });
    await edit(transactions, ['{{count}} транзакция', '{{count}} транзакции', '{{count}} транзакций', '{{count}} транзакции']).expect(200);
    await push(project.slug);
    const pushed = await env.git.readFile('actualbudget', 'ru.json');
    expect(changedLines(files['ru.json'], pushed)).toEqual({ removed: [], added: ['    "{{count}} transactions_other": "{{count}} транзакции",'] });
    expect(() => JSON.parse(pushed)).not.toThrow();
    await unchangedBut('actualbudget', files, ['ru.json']);
  });
});
