import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractRealRepo } from '../../src/formats/fixtures/toolchain';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

/**
 * Every file of a real project's file mask becomes a translation: region and platform codes (`values-pt-rBR`,
 * `de-DE.json`, `ar-SY.json`) map to languages as Weblate maps them, creating a regional language when needed.
 */
describe('language codes of real repositories', () => {
  const env = useGitTestEnv();

  async function translationCodes(projectSlug: string): Promise<string[]> {
    const res = await env.t.http().get(`/api/components/${projectSlug}/app/translations/?page_size=1000`).set('Authorization', env.admin.auth).expect(200);
    return res.body.results.map((row: { language_code: string }) => row.language_code).sort();
  }

  it('Android: every values-* folder of Tusky is a translation, pt-rBR as Portuguese (Brazil)', async () => {
    const res = join(extractRealRepo('tusky'), 'app/src/main/res');
    const folders = readdirSync(res).filter((name) => name.startsWith('values-'));
    const files = Object.fromEntries(['values', ...folders].map((folder) => [`res/${folder}/strings.xml`, readFileSync(join(res, folder, 'strings.xml'))]));
    const { project } = await createGitComponent(env, 'tusky-languages', files as never, {
      filemask: 'res/values-*/strings.xml', template: 'res/values/strings.xml', file_format: 'aresource',
    });
    const codes = await translationCodes(project.slug);
    expect(codes.filter((code) => code !== 'en')).toEqual(folders.map((folder) => folder.slice('values-'.length)).sort());
    const brazil = (await env.t.http().get(`/api/translations/${project.slug}/app/pt-rBR/`).set('Authorization', env.admin.auth).expect(200)).body;
    expect(brazil.language.code).toBe('pt_BR');
    // Adding Portuguese (Brazil) again is refused: its file is values-pt-rBR.
    const again = await env.t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', env.admin.auth).send({ language_code: 'pt_BR' }).expect(400);
    expect(again.body.detail).toMatch(/already exists/);
  });

  it('JSON: de-DE, ar-SY and the other region codes of uptime-kuma are translations', async () => {
    const lang = join(extractRealRepo('uptimekuma'), 'src/lang');
    const names = ['en.json', 'de-DE.json', 'ar-SY.json', 'nb-NO.json', 'zh-CN.json', 'sk.json', 'pt-BR.json', 'ca@valencia.json'];
    const files = Object.fromEntries(names.map((name) => [`lang/${name}`, readFileSync(join(lang, name))]));
    const { project } = await createGitComponent(env, 'uptime-languages', files as never, { filemask: 'lang/*.json', template: 'lang/en.json', file_format: 'json' });
    expect(await translationCodes(project.slug)).toEqual(names.map((name) => name.replace('.json', '')).sort());
    const german = (await env.t.http().get(`/api/translations/${project.slug}/app/de-DE/`).set('Authorization', env.admin.auth).expect(200)).body;
    expect(german.language.code).toBe('de');
    const arabic = (await env.t.http().get(`/api/translations/${project.slug}/app/ar-SY/`).set('Authorization', env.admin.auth).expect(200)).body;
    expect(arabic.language).toMatchObject({ code: 'ar_SY', name: 'Arabic (SY)', direction: 'rtl' });
    expect(arabic.language.plural.number).toBe(6);
  });
});
