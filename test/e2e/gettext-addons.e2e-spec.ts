import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ChangeAction, CONTENT_ACTIONS } from '../../src/changes/change-actions';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const HEADER = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n`;
const PO = (language: string, comment = '') => `${comment}${HEADER(language)}\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Bye"\nmsgstr ""\n`;
const GETTEXT = { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' };

/** weblate.gettext.configure and weblate.gettext.authors: files they write are committed with the change that triggered them. */
describe('gettext add-ons', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  const api = (method: 'get' | 'post' | 'patch', path: string, auth = env.admin.auth) => env.t.http()[method](path).set('Authorization', auth);
  const push = (slug: string) => api('post', `/api/components/${slug}/app/repository/`).send({ operation: 'push' }).expect(200);
  const install = (slug: string, name: string) => api('post', `/api/components/${slug}/app/addons/`).send({ name, configuration: {} }).expect(201);
  const addLanguage = (slug: string, code: string) => api('post', `/api/components/${slug}/app/translations/`).send({ language_code: code }).expect(201);
  const filesOfCommit = (repo: string, sha: string) =>
    execFileSync('git', ['-C', join(env.git.root, repo), 'show', '--name-only', '--format=', sha], { encoding: 'utf8' }).trim().split('\n').sort();
  const alerts = async () =>
    ((await api('get', `/api/changes/?action=${ChangeAction.Alert}&page_size=1000`).expect(200)).body.results as { details: Record<string, unknown> }[]).map((change) => change.details);
  /** Translates "Hello" and answers the year (UTC) of the change that records it. */
  const translate = async (slug: string, language: string, target: string, auth = env.admin.auth): Promise<number> => {
    const [unit] = (await api('get', `/api/translations/${slug}/app/${language}/units/?q=source:Hello`, auth).expect(200)).body.results;
    await api('patch', `/api/units/${unit.id}/`, auth).send({ target: [target], state: 20 }).expect(200);
    const changes = (await api('get', `/api/translations/${slug}/app/${language}/changes/?page_size=1000`, auth).expect(200)).body.results as { action: number; timestamp: string }[];
    const edit = changes.find((change) => CONTENT_ACTIONS.includes(change.action));
    return new Date(edit!.timestamp).getUTCFullYear();
  };

  it('weblate.gettext.configure lists a new language in ALL_LINGUAS of configure.ac, in the commit that adds its file', async () => {
    const { git } = env;
    const configureAc = 'AC_INIT([app], [1.0])\nALL_LINGUAS="cs"\nAM_GNU_GETTEXT([external])\n';
    // A generated configure without the variable is not the add-on's business.
    const configure = '#!/bin/sh\necho generated\n';
    const files = { 'configure.ac': configureAc, configure, 'po/cs.po': PO('cs'), 'po/app.pot': PO('en') };
    const { project } = await createGitComponent(env, 'configure', files, GETTEXT);
    await install(project.slug, 'weblate.gettext.configure');

    await addLanguage(project.slug, 'de');
    await push(project.slug);
    expect(await git.readFile('configure', 'configure.ac')).toBe('AC_INIT([app], [1.0])\nALL_LINGUAS="cs de"\nAM_GNU_GETTEXT([external])\n');
    expect(await git.readFile('configure', 'configure')).toBe(configure);
    const [added] = await git.log('configure');
    expect(filesOfCommit('configure', added.sha)).toEqual(['configure.ac', 'po/de.po']);
  });

  it('weblate.gettext.configure passes over a repository without a configure script, and is refused on other formats', async () => {
    const { git } = env;
    const { project } = await createGitComponent(env, 'no-configure', { 'po/cs.po': PO('cs'), 'po/app.pot': PO('en') }, GETTEXT);
    await install(project.slug, 'weblate.gettext.configure');

    await addLanguage(project.slug, 'de');
    await push(project.slug);
    const [added] = await git.log('no-configure');
    expect(filesOfCommit('no-configure', added.sha)).toEqual(['po/de.po']);
    expect(await alerts()).toEqual([]);

    const other = await createProject(env.t);
    const json = await createComponent(env.t, other, { fileFormat: 'json', filemask: '*.json' });
    for (const name of ['weblate.gettext.configure', 'weblate.gettext.authors']) {
      const refused = await api('post', `/api/components/${other.slug}/${json.slug}/addons/`).send({ name }).expect(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: `could not enable add-on ${name}, not compatible: it works on gettext PO files only.` })]);
    }
  });

  it("weblate.gettext.authors credits the file's translators in its header comment, in the commit of their strings", async () => {
    const { git, t } = env;
    const comment = '# Czech translation of App.\n# Ada Admin <ada@example.com>, 2019.\n#\n';
    const { project, workDir } = await createGitComponent(env, 'authors', { 'po/cs.po': PO('cs', comment), 'po/de.po': PO('de'), 'po/app.pot': PO('en') }, GETTEXT);
    await install(project.slug, 'weblate.gettext.authors');
    const bob = await createUser(t, { isSuperuser: true, fullName: 'Bob Builder', email: 'bob@example.com' });

    const adaYear = await translate(project.slug, 'cs', 'Ahoj');
    const bobYear = await translate(project.slug, 'cs', 'Nazdar', bob.auth);
    await push(project.slug);
    const po = await git.readFile('authors', 'po/cs.po');
    expect(po.slice(0, po.indexOf('msgid'))).toBe(
      `# Czech translation of App.\n# Ada Admin <ada@example.com>, 2019, ${adaYear}.\n# Bob Builder <bob@example.com>, ${bobYear}.\n#\n`,
    );
    expect(po).toContain('msgid "Hello"\nmsgstr "Nazdar"');
    const [commit] = await git.log('authors');
    expect(filesOfCommit('authors', commit.sha)).toEqual(['po/cs.po']);
    expect(await git.readFile('authors', 'po/de.po')).toBe(PO('de'));
    // Throws on an error; the warnings about header fields the fixture leaves out are not.
    execFileSync('msgfmt', ['--check', '-o', '/dev/null', join(workDir, 'po/cs.po')], { stdio: 'pipe' });

    // Someone already credited is not listed again.
    await translate(project.slug, 'cs', 'Ahoj');
    await push(project.slug);
    const again = await git.readFile('authors', 'po/cs.po');
    expect(again.slice(0, again.indexOf('msgid'))).toBe(po.slice(0, po.indexOf('msgid')));
    expect(again).toContain('msgid "Hello"\nmsgstr "Ahoj"');
  });
});
