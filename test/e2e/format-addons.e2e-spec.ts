import { createGitComponent, useGitTestEnv } from '../support/git-component';

/**
 * The add-ons that clean up, sort or lay out translation files: what they write is in the repository, in the commit
 * of the change that triggered them (or, for the cleanup after an update, in a commit of its own).
 */
describe('format add-ons', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  const api = (method: 'get' | 'post', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);
  const push = (slug: string) => api('post', `/api/components/${slug}/app/repository/`).send({ operation: 'push' }).expect(200);
  const pull = (slug: string) => api('post', `/api/components/${slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
  const install = (slug: string, name: string, configuration: Record<string, unknown> = {}) =>
    api('post', `/api/components/${slug}/app/addons/`).send({ name, configuration });
  const translate = async (slug: string, language: string, key: string, target: string) => {
    const [unit] = (await api('get', `/api/translations/${slug}/app/${language}/units/?q=key:"${key}"`).expect(200)).body.results;
    await env.t.http().patch(`/api/units/${unit.id}/`).set('Authorization', env.admin.auth).send({ target: [target], state: 20 }).expect(200);
  };
  const json = (files: Record<string, string>, name: string, format = 'json') =>
    createGitComponent(env, name, files, { filemask: 'locales/*.json', file_format: format, template: 'locales/en.json' });

  it('weblate.cleanup.generic removes the keys the template lacks, in the commit of a change and after an update', async () => {
    const { git } = env;
    const files = {
      'locales/en.json': '{\n  "hello": "Hello",\n  "bye": "Bye"\n}\n',
      'locales/cs.json': '{\n  "hello": "",\n  "old": "Staré",\n  "bye": "Nashle"\n}\n',
    };
    const { project } = await json(files, 'cleanup');
    await install(project.slug, 'weblate.cleanup.generic').expect(201);

    await translate(project.slug, 'cs', 'hello', 'Ahoj');
    await push(project.slug);
    expect(await git.readFile('cleanup', 'locales/cs.json')).toBe('{\n  "hello": "Ahoj",\n  "bye": "Nashle"\n}\n');

    await git.commitToBare('cleanup', { 'locales/en.json': '{\n  "hello": "Hello"\n}\n' }, 'Drop bye');
    await pull(project.slug);
    await push(project.slug);
    expect(await git.readFile('cleanup', 'locales/cs.json')).toBe('{\n  "hello": "Ahoj"\n}\n');
    const [cleanup] = await git.log('cleanup');
    expect(cleanup.message).toContain('Add-on: Cleanup translation files');
    expect(await git.readFile('cleanup', 'locales/en.json')).toBe('{\n  "hello": "Hello"\n}\n');
  });

  it('weblate.properties.sort sorts the committed properties files by key, ignoring case unless told', async () => {
    const { git } = env;
    const files = {
      'messages.properties': 'quit=Quit\nOpen=Open\nabout=About\n',
      'messages_cs.properties': '# Czech\n\nquit=Konec\nOpen=Otevřít\n',
      'messages_de.properties': 'quit=Beenden\nOpen=Öffnen\n',
    };
    const { project } = await createGitComponent(env, 'sort', files, { filemask: 'messages_*.properties', file_format: 'properties', template: 'messages.properties' });
    await install(project.slug, 'weblate.properties.sort').expect(201);
    const sensitive = await createGitComponent(env, 'sort-case', files, { filemask: 'messages_*.properties', file_format: 'properties', template: 'messages.properties' });
    await install(sensitive.project.slug, 'weblate.properties.sort', { case_sensitive: true }).expect(201);

    await translate(project.slug, 'cs', 'about', 'O aplikaci');
    await translate(sensitive.project.slug, 'cs', 'about', 'O aplikaci');
    await push(project.slug);
    await push(sensitive.project.slug);
    expect(await git.readFile('sort', 'messages_cs.properties')).toBe('# Czech\n\nabout=O aplikaci\nOpen=Otevřít\nquit=Konec\n');
    expect(await git.readFile('sort-case', 'messages_cs.properties')).toBe('# Czech\n\nOpen=Otevřít\nabout=O aplikaci\nquit=Konec\n');
    // Only the files of the commit are formatted.
    expect(await git.readFile('sort', 'messages_de.properties')).toBe(files['messages_de.properties']);
  });

  it('weblate.json.customize lays the committed JSON files out with its indentation and sorted keys', async () => {
    const { git } = env;
    const files = { 'locales/en.json': '{"b": "B", "a": {"2": "Two", "10": "Ten"}}\n', 'locales/cs.json': '{"b": "Bé", "a": {"2": "Dva"}}\n' };
    const { project } = await json(files, 'json-layout', 'json-nested');
    await install(project.slug, 'weblate.json.customize', { indent: 2, sort_keys: true }).expect(201);
    const tabs = await json(files, 'json-tabs', 'json-nested');
    await install(tabs.project.slug, 'weblate.json.customize', { indent: 1, style: 'tabs' }).expect(201);

    await translate(project.slug, 'cs', 'a.10', 'Deset');
    await translate(tabs.project.slug, 'cs', 'a.10', 'Deset');
    await push(project.slug);
    await push(tabs.project.slug);
    // Sorted as text, as Python sorts them: "10" before "2".
    expect(await git.readFile('json-layout', 'locales/cs.json')).toBe('{\n  "a": {\n    "10": "Deset",\n    "2": "Dva"\n  },\n  "b": "Bé"\n}\n');
    expect(await git.readFile('json-tabs', 'locales/cs.json')).toBe('{\n\t"b": "Bé",\n\t"a": {\n\t\t"2": "Dva",\n\t\t"10": "Deset"\n\t}\n}\n');
  });

  it('weblate.yaml.customize writes the committed YAML files with its indentation and line breaks, after the other add-ons', async () => {
    const { git } = env;
    const files = { 'locales/en.yml': 'menu:\n  open: Open\n  quit: Quit\n', 'locales/cs.yml': 'menu:\n  open: Otevřít\n  old: Staré\n' };
    const { project } = await createGitComponent(env, 'yaml-layout', files, { filemask: 'locales/*.yml', file_format: 'yaml', template: 'locales/en.yml' });
    await install(project.slug, 'weblate.yaml.customize', { indent: 4, line_break: 'dos' }).expect(201);
    // Installed later, it still runs first: yaml writes the file it cleans up in its own default layout.
    await install(project.slug, 'weblate.cleanup.generic').expect(201);

    await translate(project.slug, 'cs', 'menu.quit', 'Konec');
    await push(project.slug);
    expect(await git.readFile('yaml-layout', 'locales/cs.yml')).toBe('menu:\r\n    open: Otevřít\r\n    quit: Konec\r\n');

    // The file as laid out is what the next change edits.
    await translate(project.slug, 'cs', 'menu.open', 'Otevři');
    await push(project.slug);
    expect(await git.readFile('yaml-layout', 'locales/cs.yml')).toBe('menu:\r\n    open: Otevři\r\n    quit: Konec\r\n');
  });

  it('refuses these add-ons on components of other formats and configurations outside Weblate\'s choices', async () => {
    const files = { 'locales/en.json': '{"hello": "Hello"}\n', 'locales/cs.json': '{}\n' };
    const { project } = await json(files, 'refusals');
    const refused = async (name: string, configuration: Record<string, unknown>, detail: string) => {
      const res = await install(project.slug, name, configuration).expect(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ detail: expect.stringContaining(detail) })]));
    };
    await refused('weblate.properties.sort', {}, 'it works on Java properties files only.');
    await refused('weblate.yaml.customize', {}, 'it works on YAML files only.');
    await refused('weblate.json.customize', { style: 'tab' }, 'Error in style');
    await refused('weblate.json.customize', { indent: -1 }, 'Error in indent');
    await refused('weblate.json.customize', { sort_keys: 'yes' }, 'Error in sort_keys');

    const yaml = await createGitComponent(env, 'yaml-refusals', { 'en.yml': 'a: A\n' }, { filemask: '*.yml', file_format: 'yaml', template: 'en.yml' });
    for (const [configuration, field] of [[{ indent: 11 }, 'indent'], [{ width: 90 }, 'width'], [{ line_break: 'cr' }, 'line_break']] as const) {
      const res = await install(yaml.project.slug, 'weblate.yaml.customize', configuration).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ attr: 'configuration', detail: expect.stringContaining(`Error in ${field}`) })]);
    }
    const installed = await install(yaml.project.slug, 'weblate.yaml.customize', { width: '65535' }).expect(201);
    expect(installed.body.configuration).toEqual({ indent: 2, width: '65535', line_break: 'unix' });

    const po = await createGitComponent(env, 'cleanup-refusals', { 'po/cs.po': 'msgid ""\nmsgstr ""\n' }, { filemask: 'po/*.po', file_format: 'po' });
    const res = await install(po.project.slug, 'weblate.cleanup.generic', {}).expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('it needs a monolingual component with a template.') })]);
  });
});
