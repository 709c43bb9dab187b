import { ChangeAction } from '../../src/changes/change-actions';
import { deliverUntil } from '../support/deliver-until';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;
const MATCH = 'locale/(?P<component>[^/]+)/(?P<language>[^/.]+)\\.po';
const DISCOVERY = 'weblate.discovery.discovery';

interface ComponentBody {
  slug: string;
  name: string;
  filemask: string;
  file_format: string;
  linked_component: string | null;
}

/**
 * weblate.discovery.discovery: the components it finds in the main component's repository appear beside it, sharing
 * its working copy; an update brings new ones, and with `remove` the ones whose files are gone go.
 */
describe('component discovery add-on', () => {
  const env = useGitTestEnv();
  const api = (method: 'get' | 'post' | 'patch', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);
  const components = async (slug: string) =>
    ((await api('get', `/api/projects/${slug}/components/?page_size=100`).expect(200)).body.results as ComponentBody[]).sort((a, b) => a.slug.localeCompare(b.slug));
  const slugs = async (slug: string) => (await components(slug)).map((component) => component.slug);
  const languages = async (slug: string, component: string) =>
    ((await api('get', `/api/components/${slug}/${component}/translations/`).expect(200)).body.results as { language_code: string }[]).map((t) => t.language_code).sort();
  const pull = (slug: string) => api('post', `/api/components/${slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
  const settle = async (slug: string, expected: string[]) => {
    await deliverUntil(env.t, async () => JSON.stringify(await slugs(slug)) === JSON.stringify(expected));
    await env.t.drainTasks();
    expect(await slugs(slug)).toEqual(expected);
  };

  it('creates a linked component per file mask on installation and after updates, and removes the vanished ones it made', async () => {
    const files = {
      'locale/app/cs.po': PO('cs'), 'locale/app/de.po': PO('de'),
      'locale/docs/cs.po': PO('cs'), 'locale/docs/de.po': PO('de'),
      'locale/web/cs.po': PO('cs'),
      'extra/cs.po': PO('cs'), 'README.md': '# App\n',
    };
    const { project } = await createGitComponent(env, 'discovery', files, { filemask: 'locale/app/*.po', file_format: 'po' });
    const slug = project.slug;
    // A component sharing the working copy that discovery did not make: never removed by it.
    await api('post', `/api/projects/${slug}/components/`).send({ name: 'Extra', slug: 'extra', repo: `weblate://${slug}/app`, filemask: 'extra/*.po', file_format: 'po' }).expect(201);
    await env.t.drainTasks();
    await api('post', `/api/components/${slug}/app/addons/`).send({ name: 'weblate.generate.prefill' }).expect(201);

    // Weblate's API installs it without the confirmation its HTML form asks for, and does not store `confirm`.
    const installed = await api('post', `/api/components/${slug}/app/addons/`)
      .send({ name: DISCOVERY, configuration: { match: MATCH, file_format: 'po', name_template: 'Part {{ component }}', confirm: false } })
      .expect(201);
    expect(installed.body.configuration).toEqual({
      match: MATCH, file_format: 'po', name_template: 'Part {{ component }}', base_file_template: '', new_base_template: '', intermediate_template: '',
      language_regex: '^[^.]+$', copy_addons: true, remove: false,
    });

    await settle(slug, ['app', 'extra', 'part-docs', 'part-web']);
    const docs = (await components(slug)).find((component) => component.slug === 'part-docs')!;
    expect(docs).toMatchObject({ name: 'Part docs', filemask: 'locale/docs/*.po', file_format: 'po', linked_component: expect.stringMatching(new RegExp(`/api/components/${slug}/app/$`)) });
    expect(await languages(slug, 'part-docs')).toEqual(['cs', 'de', 'en']);
    expect(await languages(slug, 'part-web')).toEqual(['cs', 'en']);
    // The main component's add-ons are copied, discovery itself is not.
    const addons = (await api('get', '/api/addons/?page_size=1000').expect(200)).body.results as { name: string; component: string | null }[];
    const docsAddons = addons.filter((addon) => addon.component?.endsWith(`/api/components/${slug}/part-docs/`));
    expect(docsAddons.map((addon) => addon.name)).toEqual(['weblate.generate.prefill']);
    const created = (await api('get', `/api/projects/${slug}/changes/?action=${ChangeAction.CreateComponent}&page_size=100`).expect(200)).body.results as { details: Record<string, unknown> }[];
    expect(created.map((change) => change.details).filter((details) => details.addon === DISCOVERY)).toEqual([
      { addon: DISCOVERY, addon_id: installed.body.id }, { addon: DISCOVERY, addon_id: installed.body.id },
    ]);

    // A new folder upstream: the pull brings its component; the others are found again, not made twice.
    await env.git.commitToBare('discovery', { 'locale/help/cs.po': PO('cs'), 'locale/help/fr.po': PO('fr') }, 'Help texts');
    await pull(slug);
    await settle(slug, ['app', 'extra', 'part-docs', 'part-help', 'part-web']);
    expect(await languages(slug, 'part-help')).toEqual(['cs', 'en', 'fr']);

    // With remove, the component whose files are gone goes; the one made by hand stays though its files went too.
    await api('patch', `/api/addons/${installed.body.id}/`).send({ configuration: { match: MATCH, file_format: 'po', name_template: 'Part {{ component }}', remove: true } }).expect(200);
    await env.git.commitToBare('discovery', { 'locale/web/cs.po': null, 'extra/cs.po': null }, 'Drop the web texts');
    await pull(slug);
    await settle(slug, ['app', 'extra', 'part-docs', 'part-help']);
    const removed = (await api('get', `/api/projects/${slug}/changes/?action=${ChangeAction.RemoveComponent}`).expect(200)).body.results as { details: Record<string, unknown> }[];
    expect(removed.map((change) => change.details)).toEqual([{ component: 'Part web', addon: DISCOVERY, addon_id: installed.body.id }]);
  });

  it('refuses a configuration it could not run, naming the field', async () => {
    const { project } = await createGitComponent(env, 'discovery-invalid', { 'locale/app/cs.po': PO('cs') }, { filemask: 'locale/app/*.po', file_format: 'po' });
    const install = (configuration: Record<string, unknown>) => api('post', `/api/components/${project.slug}/app/addons/`).send({ name: DISCOVERY, configuration }).expect(400);
    const errors = async (configuration: Record<string, unknown>) => (await install(configuration)).body.errors as { attr: string; detail: string }[];

    expect(await errors({ match: 'locale/(?P<component>[^/]+)/(?P<language>[^/.]+', file_format: 'po' })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: expect.stringMatching(/^Error in match: Invalid regular expression: /) }),
    ]);
    // Look-around would need a backtracking engine: user patterns run on RE2.
    expect((await errors({ match: '(?P<component>[^/]+)/(?!x)(?P<language>[^/.]+)\\.po', file_format: 'po' }))[0].detail).toMatch(/^Error in match: Invalid regular expression/);
    expect(await errors({ match: 'locale/(?P<component>[^/]+)/[^/.]+\\.po', file_format: 'po' })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: 'Error in match: Regular expression is missing named group "language", the simplest way to define it is (?P<language>.*).' }),
    ]);
    expect((await errors({ match: MATCH, file_format: 'gettext' }))[0].detail).toMatch(/^Error in file_format: /);
    expect(await errors({ match: MATCH, file_format: 'po', name_template: 'Fixed' })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: 'Error in name_template: This template must include {{ component }}.' }),
    ]);
    expect((await errors({ match: MATCH, file_format: 'po', language_regex: '(' }))[0].detail).toMatch(/^Error in language_regex: Invalid regular expression/);
    expect(await errors({ match: MATCH, file_format: 'json' })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: 'Error in base_file_template: You can not use a monolingual translation without a base file.' }),
    ]);
    expect(await errors({ file_format: 'po' })).toEqual([expect.objectContaining({ attr: 'configuration', detail: 'Error in match: This field is required.' })]);

    // It scans one component's repository: not project-wide, and not on a component using another's working copy.
    const projectWide = await api('post', `/api/projects/${project.slug}/addons/`).send({ name: DISCOVERY, configuration: { match: MATCH, file_format: 'po' } }).expect(400);
    expect(projectWide.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('not project-wide or site-wide') })]);
    await api('post', `/api/projects/${project.slug}/components/`).send({ name: 'Linked', slug: 'linked', repo: `weblate://${project.slug}/app`, filemask: 'locale/app/*.po', file_format: 'po' }).expect(201);
    await env.t.drainTasks();
    const onLinked = await api('post', `/api/components/${project.slug}/linked/addons/`).send({ name: DISCOVERY, configuration: { match: MATCH, file_format: 'po' } }).expect(400);
    expect(onLinked.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('install it there') })]);
  });
});
