import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { changedLines } from '../../src/formats/fixtures/fixture';
import { extractRealRepo } from '../../src/formats/fixtures/toolchain';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

/**
 * Real projects' monolingual files (uptime-kuma's JSON, rails-i18n's YAML, cryptomator's properties;
 * test/fixtures/real-repos): saving one string changes that string's line only. Untranslated keys are not written as empty values (that would hide the
 * fallback to English at run time), and keys a translation has but the template lacks stay.
 */
describe('monolingual files of a real repository through the API', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });

  it('JSON: one edit changes one line, keeps the keys the template lacks and adds no empty values', async () => {
    const lang = join(extractRealRepo('uptimekuma'), 'src/lang');
    const files = Object.fromEntries(['en.json', 'ca.json', 'sk.json'].map((name) => [`src/lang/${name}`, readFileSync(join(lang, name))]));
    const { project } = await createGitComponent(env, 'uptimekuma', files as never, { filemask: 'src/lang/*.json', template: 'src/lang/en.json', file_format: 'json' });
    const { t, git, admin } = env;
    const english = JSON.parse(files['src/lang/en.json'].toString());
    const catalan = JSON.parse(files['src/lang/ca.json'].toString());
    const extra = Object.keys(catalan).filter((key) => !(key in english));
    const missing = Object.keys(english).filter((key) => !(key in catalan));
    expect(extra.length).toBeGreaterThan(10);
    expect(missing.length).toBeGreaterThan(100);

    // Statistics count the template's keys, the missing ones as untranslated.
    const statistics = (await t.http().get(`/api/translations/${project.slug}/app/ca/statistics/`).set('Authorization', admin.auth).expect(200)).body;
    expect(statistics.total).toBe(Object.keys(english).length);

    const key = Object.keys(catalan).find((candidate) => candidate in english && typeof catalan[candidate] === 'string')!;
    const [unit] = (await t.http().get(`/api/translations/${project.slug}/app/ca/units/`).query({ q: `key:="${key}"` }).set('Authorization', admin.auth).expect(200)).body.results;
    await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Traducció nova'], state: 20 }).expect(200);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);

    const pushed = await git.readFile('uptimekuma', 'src/lang/ca.json');
    const diff = changedLines(files['src/lang/ca.json'], pushed);
    expect(diff.removed).toHaveLength(1);
    expect(diff.added).toEqual([diff.removed[0].replace(/: ".*"(,?)$/, ': "Traducció nova"$1')]);
    const written = JSON.parse(pushed);
    expect(Object.keys(written)).toEqual(Object.keys(catalan));
    expect(written[key]).toBe('Traducció nova');
    // The untouched translation's file is as it was.
    expect(await git.readFile('uptimekuma', 'src/lang/sk.json')).toBe(files['src/lang/sk.json'].toString());

    // A new language starts without a single empty value: at run time every string falls back to English.
    await t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', admin.auth).send({ language_code: 'eo' }).expect(201);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(JSON.parse(await git.readFile('uptimekuma', 'src/lang/eo.json'))).toEqual({});
  });

  it('Rails YAML: numbers and booleans are strings to translate, and an edit keeps their type in the file', async () => {
    const locale = join(extractRealRepo('railsi18n'), 'rails/locale');
    const files = Object.fromEntries(['en.yml', 'ru.yml', 'de.yml'].map((name) => [`locale/${name}`, readFileSync(join(locale, name))]));
    const { project } = await createGitComponent(env, 'railsi18n', files as never, { filemask: 'locale/*.yml', template: 'locale/en.yml', file_format: 'ruby-yaml' });
    const { t, git, admin } = env;
    const translation = `/api/translations/${project.slug}/app/ru/`;
    const find = async (key: string) => (await t.http().get(`${translation}units/`).query({ q: `key:="${key}"` }).set('Authorization', admin.auth).expect(200)).body.results[0];
    const precision = await find('number.currency.format.precision');
    const significant = await find('number.currency.format.significant');
    expect([precision, significant].map((unit) => [unit.source, unit.target, unit.state])).toEqual([[['2'], ['2'], 20], [['False'], ['False'], 20]]);

    await t.http().patch(`/api/units/${precision.id}/`).set('Authorization', admin.auth).send({ target: ['3'], state: 20 }).expect(200);
    await t.http().patch(`/api/units/${significant.id}/`).set('Authorization', admin.auth).send({ target: ['True'], state: 20 }).expect(200);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    const pushed = await git.readFile('railsi18n', 'locale/ru.yml');
    expect(changedLines(files['locale/ru.yml'], pushed)).toEqual({
      removed: ['        precision: 2', '        separator: ","', '        significant: false'],
      added: ['        precision: 3', '        separator: ","', '        significant: true'],
    });
    // Ruby (YAML 1.1) reads an integer and a boolean, as before.
    expect(parse(pushed, { version: '1.1' }).ru.number.currency.format).toMatchObject({ precision: 3, significant: true, strip_insignificant_zeros: false });
    expect(await git.readFile('railsi18n', 'locale/de.yml')).toBe(files['locale/de.yml'].toString());
  });

  it("Java properties in UTF-8 (file_format properties-utf8): one edit changes one line, comments and separators stay", async () => {
    const i18n = join(extractRealRepo('cryptomator'), 'src/main/resources/i18n');
    const files = Object.fromEntries(['strings.properties', 'strings_de.properties', 'strings_fr.properties'].map((name) => [`i18n/${name}`, readFileSync(join(i18n, name))]));
    const { project } = await createGitComponent(env, 'cryptomator', files as never, {
      filemask: 'i18n/strings_*.properties', template: 'i18n/strings.properties', file_format: 'properties-utf8',
    });
    const { t, git, admin } = env;
    const component = (await t.http().get(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).expect(200)).body;
    expect(component.file_format).toBe('properties-utf8');
    const translations = (await t.http().get(`/api/components/${project.slug}/app/translations/`).set('Authorization', admin.auth).expect(200)).body.results;
    expect(translations.map((row: { language_code: string }) => row.language_code).sort()).toEqual(['de', 'en', 'fr']);

    const [unit] = (await t.http().get(`/api/translations/${project.slug}/app/de/units/`).query({ q: 'key:="generic.button.close"' }).set('Authorization', admin.auth).expect(200)).body.results;
    expect(unit.target).toEqual(['Schließen']);
    await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Schließen – jetzt'], state: 20 }).expect(200);
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    const pushed = await git.readFile('cryptomator', 'i18n/strings_de.properties');
    expect(changedLines(files['i18n/strings_de.properties'], pushed)).toEqual({
      removed: ['generic.button.close=Schließen'],
      added: ['generic.button.close=Schließen – jetzt'],
    });
  });
});
