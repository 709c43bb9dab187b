import { loadConfig } from '../../src/config/app-config';
import { ValidationError } from '../../src/core/errors/domain-error';
import { MachineTranslation } from '../../src/machinery/machine-translation';
import { MachineryEngines } from '../../src/machinery/machinery-engines';
import { MachinerySettingsService } from '../../src/machinery/machinery-settings.service';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { FakeService, startFakeService } from '../support/fake-service';
import { libreTranslateApi } from '../support/fake-translation-apis';
import { createTestApp, TestApp } from '../support/test-app';

const TRANSLATED = 20;

describe('machine translation', () => {
  let t: TestApp;
  let libre: FakeService;
  let broken: FakeService;
  let projectAdmin: UserWithToken;
  let project: Project;
  let idHash = 1;

  beforeAll(async () => {
    libre = await startFakeService(libreTranslateApi());
    broken = await startFakeService(() => ({ status: 500, body: 'Internal Server Error' }));
    // Site-wide services are the operator's: on loopback here, which the URL policy refuses to projects' own.
    const services = { weblate: {}, 'weblate-translation-memory': {}, libretranslate: { url: libre.url }, deepl: { key: 'k', url: `${broken.url}/v2/` } };
    t = await createTestApp({ MT_SERVICES: JSON.stringify(services) });
    project = await createProject(t);
    projectAdmin = await createUser(t);
    await joinProjectTeam(t, projectAdmin.user.id, project, 'Administration');
  });

  afterAll(async () => {
    await t.close();
    await libre.close();
    await broken.close();
  });

  const settingsUrl = (target: Project = project) => `/api/projects/${target.slug}/machinery_settings/`;
  const get = (target?: Project, user = projectAdmin) => t.http().get(settingsUrl(target)).set('Authorization', user.auth);
  const post = (body: unknown, target?: Project, user = projectAdmin) => t.http().post(settingsUrl(target)).set('Authorization', user.auth).send(body as object);
  const put = (body: unknown, target?: Project) => t.http().put(settingsUrl(target)).set('Authorization', projectAdmin.auth).send(body as object);
  const patch = (body: unknown, target?: Project) => t.http().patch(settingsUrl(target)).set('Authorization', projectAdmin.auth).send(body as object);

  describe('project settings', () => {
    let own: Project;

    beforeEach(async () => {
      own = await createProject(t);
      await joinProjectTeam(t, projectAdmin.user.id, own, 'Administration');
    });

    it('installs a service with its defaults filled in, and refuses to install it twice', async () => {
      expect((await get(own).expect(200)).body).toEqual({});
      expect((await post({ service: 'deepl', configuration: { key: 'abc:fx' } }, own).expect(201)).body).toEqual({ message: 'Service installed: DeepL' });
      expect((await get(own).expect(200)).body).toEqual({ deepl: { key: 'abc:fx', url: 'https://api.deepl.com/v2/', formality: 'default', context: '' } });
      const again = await post({ service: 'deepl', configuration: { key: 'other' } }, own).expect(400);
      expect(again.body.errors).toEqual([{ code: 'unique', detail: 'Service already exists', attr: 'service' }]);
      expect((await get(own).expect(200)).body.deepl.key).toBe('abc:fx');
    });

    it('updates one service with PATCH and removes it when the configuration is left empty', async () => {
      await post({ service: 'weblate', configuration: {} }, own).expect(201);
      await post({ service: 'deepl', configuration: { key: 'abc' } }, own).expect(201);
      expect((await patch({ service: 'deepl', configuration: { key: 'abc', formality: 'prefer_less' } }, own).expect(200)).body).toEqual({ message: 'Service updated: DeepL' });
      expect((await get(own).expect(200)).body).toEqual({ weblate: {}, deepl: { key: 'abc', url: 'https://api.deepl.com/v2/', formality: 'prefer_less', context: '' } });
      expect((await patch({ service: 'deepl' }, own).expect(200)).body).toEqual({ message: 'Service removed: DeepL' });
      expect((await get(own).expect(200)).body).toEqual({ weblate: {} });
    });

    it('replaces every service with PUT, or none when one configuration is wrong', async () => {
      await post({ service: 'deepl', configuration: { key: 'abc' } }, own).expect(201);
      const openai = { key: 'sk-1', base_url: 'https://93.184.215.14/v1', model: 'custom', custom_model: 'llama3', persona: '', style: '' };
      expect((await put({ weblate: {}, openai }, own).expect(201)).body).toEqual({ message: 'Services installed: weblate, openai' });
      expect((await get(own).expect(200)).body).toEqual({ weblate: {}, openai });
      const refused = await put({ libretranslate: { url: 'https://93.184.215.14/' }, deepl: {} }, own).expect(400);
      expect(refused.body.errors).toEqual([{ code: 'required', detail: 'Error in key: This field is required.', attr: 'configuration' }]);
      expect((await get(own).expect(200)).body).toEqual({ weblate: {}, openai });
    });

    it('takes a configuration sent as JSON text, as form bodies carry it', async () => {
      await t.http().post(settingsUrl(own)).set('Authorization', projectAdmin.auth).type('form')
        .send({ service: 'libretranslate', configuration: JSON.stringify({ url: 'https://93.184.215.14/' }) }).expect(201);
      expect((await get(own).expect(200)).body).toEqual({ libretranslate: { url: 'https://93.184.215.14/', key: '' } });
    });

    it.each([
      ['an unknown service', { service: 'google', configuration: {} }, 'configuration', 'Service not found: google'],
      ['no service', { configuration: { key: 'x' } }, 'service', 'Missing service name'],
      ['an unknown field', { service: 'deepl', configuration: { key: 'x', secret: 'y' } }, 'configuration', 'Error in secret: unknown field'],
      ['a missing key', { service: 'deepl', configuration: { url: 'https://93.184.215.14/v2/' } }, 'configuration', 'Error in key: This field is required.'],
      ['a value outside the choices', { service: 'deepl', configuration: { key: 'x', formality: 'rude' } }, 'configuration', 'Error in formality: must be equal to one of the allowed values'],
      ['a custom model without its name', { service: 'openai', configuration: { key: 'x', model: 'custom' } }, 'configuration', 'Error in custom_model: Missing custom model name.'],
      ['configuration that is not JSON', { service: 'deepl', configuration: '{key' }, 'configuration', 'Value must be valid JSON.'],
      ['configuration that is not an object', { service: 'deepl', configuration: [1] }, 'configuration', 'Invalid configuration: must be object'],
    ])('refuses %s with a 400 naming it', async (_case, body, attr, detail) => {
      const response = await post(body, own).expect(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ attr, detail })]);
      expect((await get(own).expect(200)).body).toEqual({});
    });

    it('holds the URLs a project sets to the repository URL policy', async () => {
      const loopback = await post({ service: 'libretranslate', configuration: { url: 'http://127.0.0.1:5000/' } }, own).expect(400);
      expect(loopback.body.errors).toEqual([expect.objectContaining({ attr: 'configuration', detail: 'Error in url: URL http://127.0.0.1:5000/ is not allowed: the host is in a private or local network' })]);
      const scheme = await put({ openai: { key: 'x', base_url: 'file:///etc/passwd' } }, own).expect(400);
      expect(scheme.body.errors[0].detail).toBe('Error in base_url: URL file:///etc/passwd is not allowed: the file scheme is not enabled');
      expect((await get(own).expect(200)).body).toEqual({});
    });

    it('is for those who may edit the project: 403 to others who see it, 404 to those who do not', async () => {
      const translator = await createUser(t);
      await joinProjectTeam(t, translator.user.id, own, 'Translate');
      await get(own, translator).expect(403);
      await post({ service: 'weblate', configuration: {} }, own, translator).expect(403);
      await t.http().put(settingsUrl(own)).set('Authorization', translator.auth).send({}).expect(403);
      await t.http().patch(settingsUrl(own)).set('Authorization', translator.auth).send({ service: 'weblate' }).expect(403);
      await t.http().get(settingsUrl(own)).expect(401);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      await get(hidden, translator).expect(404);
    });
  });

  describe('MachineTranslation', () => {
    let translate: MachineTranslation;

    beforeAll(() => {
      translate = t.app.get(MachineTranslation);
    });

    /** A Czech translation of an English component in the project, with the given strings (source, target, state). */
    async function czechStrings(target: Project, strings: [string[], string[], number][]): Promise<void> {
      const component = await createComponent(t, target);
      const translation = await createTranslation(t, component, 'cs');
      for (const [source, translated, state] of strings) {
        await t.dataSource.query(
          `INSERT INTO units (translation_id, id_hash, content_hash, context, source, target, state) VALUES ($1, $2, 1, '', $3, $4, $5)`,
          [translation.id, idHash++, source, translated, state],
        );
      }
    }

    const request = (texts: string[], engines: string[], threshold = 80, projectId = project.id) =>
      ({ projectId, sourceLanguage: 'en', targetLanguage: 'cs', texts, engines, threshold });

    it("translates with the project's strings and those of projects anyone may see (weblate)", async () => {
      await czechStrings(project, [[['Hello'], ['Ahoj'], TRANSLATED], [['Open'], [''], 0], [['File'], ['Soubor', 'Soubory'], TRANSLATED]]);
      await czechStrings(await createProject(t), [[['Good bye'], ['Na shledanou'], TRANSLATED]]);
      await czechStrings(await createProject(t, { accessControl: AccessControl.Private }), [[['Thanks'], ['Díky'], TRANSLATED]]);
      await czechStrings(project, [[['File', 'Files'], ['Soubor', 'Soubory', 'Souborů'], TRANSLATED]]);

      const { results, failures } = await translate.translate(request(['Hello', 'Good bye', 'Thanks', 'Open', 'File'], ['weblate']));
      expect(results).toEqual(new Map([
        ['Hello', { text: 'Ahoj', quality: 100, engine: 'weblate' }],
        ['Good bye', { text: 'Na shledanou', quality: 100, engine: 'weblate' }],
        ['File', { text: 'Soubor', quality: 100, engine: 'weblate' }],
      ]));
      expect(failures).toEqual([]);
    });

    it("translates with the project's and the site's translation memory, exact or similar (weblate-translation-memory)", async () => {
      const other = await createProject(t);
      const remember = (source: string, target: string, projectId: number | null) =>
        t.dataSource.query(
          `INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, shared, from_file)
           SELECT $1, $2, sl.id, tl.id, 'test', $3, NULL, false, $3::int IS NULL FROM languages sl, languages tl WHERE sl.code = 'en' AND tl.code = 'cs'`,
          [source, target, projectId],
        );
      await remember('Open the selected file', 'Otevřít vybraný soubor', project.id);
      await remember('Rename the folder', 'Přejmenovat složku', null);
      await remember('Delete everything', 'Smazat vše', other.id);

      const { results, failures } = await translate.translate(request(['Open the selected file', 'Rename the folders', 'Delete everything'], ['weblate-translation-memory'], 70));
      expect(failures).toEqual([]);
      expect([...results.keys()].sort()).toEqual(['Open the selected file', 'Rename the folders']);
      expect(results.get('Open the selected file')).toEqual({ text: 'Otevřít vybraný soubor', quality: 100, engine: 'weblate-translation-memory' });
      expect(results.get('Rename the folders')).toEqual({ text: 'Přejmenovat složku', quality: expect.any(Number), engine: 'weblate-translation-memory' });
      expect(results.get('Rename the folders')!.quality).toBeLessThan(100);
      expect((await translate.translate(request(['Rename the folders'], ['weblate-translation-memory'], 100))).results).toEqual(new Map());
    });

    it('asks the next engine only for the texts still untranslated, and keeps those at the threshold or above', async () => {
      const other = await createProject(t);
      await czechStrings(other, [[['Save'], ['Uložit'], TRANSLATED]]);
      libre.received.length = 0;
      const { results, failures } = await translate.translate(request(['Save', 'Cancel'], ['weblate', 'libretranslate'], 80, other.id));
      expect(results).toEqual(new Map([
        ['Save', { text: 'Uložit', quality: 100, engine: 'weblate' }],
        ['Cancel', { text: 'cs:Cancel', quality: 88, engine: 'libretranslate' }],
      ]));
      expect(failures).toEqual([]);
      expect(libre.received.map((received) => JSON.parse(received.body).q)).toEqual(['Cancel']);

      expect((await translate.translate(request(['Cancel'], ['libretranslate'], 89, other.id))).results).toEqual(new Map());
    });

    it('reports an engine that fails and goes on with the others', async () => {
      await czechStrings(project, [[['Close'], ['Zavřít'], TRANSLATED]]);
      const { results, failures } = await translate.translate(request(['Close', 'Print'], ['deepl', 'weblate', 'libretranslate']));
      expect(failures).toEqual([{ engine: 'deepl', detail: 'DeepL answered HTTP 500.' }]);
      expect(results).toEqual(new Map([
        ['Close', { text: 'Zavřít', quality: 100, engine: 'weblate' }],
        ['Print', { text: 'cs:Print', quality: 88, engine: 'libretranslate' }],
      ]));
    });

    it("uses a project's own configuration of a service instead of the site's, held to the URL policy when it connects", async () => {
      const own = await createProject(t);
      // Saved when the host was public; it points at loopback now.
      await t.dataSource.query(`INSERT INTO machinery_settings (project_id, service, configuration) VALUES ($1, 'libretranslate', $2)`, [own.id, { url: libre.url, key: '' }]);
      const { results, failures } = await translate.translate(request(['Print'], ['libretranslate'], 80, own.id));
      expect(results).toEqual(new Map());
      expect(failures).toEqual([{ engine: 'libretranslate', detail: `LibreTranslate: URL ${libre.url}/translate is not allowed: the host is in a private or local network` }]);
    });

    it('accepts engines the site or the project configured, and names the first that is unknown or not configured', async () => {
      const own = await createProject(t);
      await expect(translate.assertEngines(own.id, ['weblate', 'libretranslate', 'deepl'])).resolves.toBeUndefined();
      for (const [engines, named] of [[['weblate', 'google'], 'google'], [['openai', 'google'], 'openai']] as const) {
        const error: unknown = await translate.assertEngines(own.id, engines).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).status).toBe(400);
        expect((error as ValidationError).errors).toEqual([{ code: 'invalid_choice', attr: 'engines', detail: `Machine translation engine "${named}" is unknown or not configured for this project.` }]);
      }
      await t.dataSource.query(`INSERT INTO machinery_settings (project_id, service, configuration) VALUES ($1, 'openai', '{"key": "k"}')`, [own.id]);
      await expect(translate.assertEngines(own.id, ['openai'])).resolves.toBeUndefined();
    });
  });

  describe('MT_SERVICES', () => {
    it('must be a JSON object of configurations', () => {
      expect(() => loadConfig({ MT_SERVICES: '["deepl"]' })).toThrow(/MT_SERVICES must be a JSON object of service configurations/);
      expect(() => loadConfig({ MT_SERVICES: '{"deepl": "key"}' })).toThrow(/MT_SERVICES must be a JSON object/);
    });

    it('stops the server when it names an unknown service or a wrong configuration', () => {
      const check = (services: string) => () =>
        new MachinerySettingsService(t.app.get(MachineryEngines), null as never, loadConfig({ MT_SERVICES: services })).onModuleInit();
      expect(check('{"google": {}}')).toThrow('invalid configuration: MT_SERVICES: Service not found: google');
      expect(check('{"deepl": {}}')).toThrow('invalid configuration: MT_SERVICES: Error in key: This field is required.');
      expect(check('{"weblate": {}, "deepl": {"key": "k"}}')).not.toThrow();
    });
  });
});
