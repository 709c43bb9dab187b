import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChangeAction } from '../../src/changes/change-actions';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const HEADER = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n`;
const PO = (language: string, target = '') => `${HEADER(language)}\nmsgid "Hello"\nmsgstr "${target}"\n\nmsgid "Bye"\nmsgstr ""\n`;

/**
 * The add-ons that write the repository's files, through the working-copy pipeline: what they write is in the
 * repository, in the commit of the change that triggered them.
 */
describe('working-copy add-ons', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  const api = (method: 'get' | 'post' | 'patch', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);
  const push = (slug: string) => api('post', `/api/components/${slug}/app/repository/`).send({ operation: 'push' }).expect(200);
  const install = (slug: string, name: string, configuration: Record<string, unknown> = {}) =>
    api('post', `/api/components/${slug}/app/addons/`).send({ name, configuration }).expect(201);
  const translate = async (slug: string, language: string, target: string) => {
    const [unit] = (await api('get', `/api/translations/${slug}/app/${language}/units/?q=source:Hello`).expect(200)).body.results;
    await api('patch', `/api/units/${unit.id}/`).send({ target: [target], state: 20 }).expect(200);
  };

  it('weblate.gettext.linguas lists a new language in LINGUAS, in the commit that adds its file', async () => {
    const { git } = env;
    const files = { 'po/cs.po': PO('cs'), 'po/app.pot': PO('en'), 'po/LINGUAS': '# Languages\ncs\n' };
    const { project } = await createGitComponent(env, 'linguas', files, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await install(project.slug, 'weblate.gettext.linguas');

    await api('post', `/api/components/${project.slug}/app/translations/`).send({ language_code: 'de' }).expect(201);
    await push(project.slug);
    expect(await git.readFile('linguas', 'po/LINGUAS')).toBe('# Languages\ncs\nde\n');
    const [added] = await git.log('linguas');
    const changed = execFileSync('git', ['-C', join(git.root, 'linguas'), 'show', '--name-only', '--format=', added.sha], { encoding: 'utf8' });
    expect(changed.trim().split('\n').sort()).toEqual(['po/LINGUAS', 'po/de.po']);
  });

  it('weblate.gettext.mo compiles an MO beside each committed PO file, which msgunfmt reads back', async () => {
    const { git } = env;
    const { project } = await createGitComponent(env, 'mo', { 'po/cs.po': PO('cs'), 'po/app.pot': PO('en') }, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await install(project.slug, 'weblate.gettext.mo');

    await translate(project.slug, 'cs', 'Ahoj');
    await push(project.slug);
    const mo = execFileSync('git', ['-C', join(git.root, 'mo'), 'show', 'HEAD:po/cs.mo']);
    const path = join(mkdtempSync(join(tmpdir(), 'mo-')), 'cs.mo');
    writeFileSync(path, mo);
    const decompiled = execFileSync('msgunfmt', [path], { encoding: 'utf8' });
    expect(decompiled).toContain('msgid "Hello"\nmsgstr "Ahoj"');
    // Untranslated strings are left out, as msgfmt does.
    expect(decompiled).not.toContain('Bye');
  });

  it('weblate.cleanup.blank drops the untranslated entries of a committed monolingual file', async () => {
    const { git } = env;
    const files = { 'locales/en.json': '{\n  "hello": "Hello",\n  "bye": "Bye"\n}\n', 'locales/cs.json': '{\n  "hello": "",\n  "bye": ""\n}\n' };
    const { project } = await createGitComponent(env, 'blank', files, { filemask: 'locales/*.json', file_format: 'json', template: 'locales/en.json' });
    await install(project.slug, 'weblate.cleanup.blank');

    await translate(project.slug, 'cs', 'Ahoj');
    await push(project.slug);
    expect(JSON.parse(await git.readFile('blank', 'locales/cs.json'))).toEqual({ hello: 'Ahoj' });
    expect(JSON.parse(await git.readFile('blank', 'locales/en.json'))).toEqual({ hello: 'Hello', bye: 'Bye' });
  });

  it('weblate.gettext.msgmerge brings the PO files in line with a POT an update changed, in a commit of its own', async () => {
    const { git } = env;
    const { project, workDir } = await createGitComponent(env, 'msgmerge', { 'po/cs.po': PO('cs'), 'po/app.pot': PO('en') }, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await install(project.slug, 'weblate.gettext.msgmerge');
    await translate(project.slug, 'cs', 'Ahoj');

    await git.commitToBare('msgmerge', { 'po/app.pot': `${HEADER('en')}\nmsgid "Hello"\nmsgstr ""\n\n#: main.c:3\nmsgid "Welcome"\nmsgstr ""\n` }, 'New string');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await push(project.slug);
    const po = await git.readFile('msgmerge', 'po/cs.po');
    expect(po).toContain('msgid "Hello"\nmsgstr "Ahoj"');
    expect(po).toContain('#: main.c:3\nmsgid "Welcome"\nmsgstr ""');
    expect(po).not.toContain('"Bye"');
    execFileSync('msgfmt', ['--check', '-o', '/dev/null', join(workDir, 'po/cs.po')]);
    expect((await git.log('msgmerge')).map((commit) => commit.message.split('\n')[0])).toEqual([
      'chore(l10n): update Czech translation', 'chore(l10n): update translation files', 'New string', 'Initial commit',
    ]);
    expect((await git.log('msgmerge'))[1].message).toContain('Add-on: Update PO files to match POT (msgmerge)');
    // The new string is read from the merged file: it is there to translate.
    const units = (await api('get', `/api/translations/${project.slug}/app/cs/units/?q=source:Welcome`).expect(200)).body.results;
    expect(units).toHaveLength(1);

    // A POT it cannot read: the update still happens, the PO files stay, and the failure is recorded as the alert.
    await git.commitToBare('msgmerge', { 'po/app.pot': `${HEADER('en')}\nmsgid "Broken\n` }, 'Broken template');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await push(project.slug);
    expect(await git.readFile('msgmerge', 'po/cs.po')).toBe(po);
    const alerts = (await api('get', `/api/changes/?action=${ChangeAction.Alert}&page_size=1000`).expect(200)).body.results as { details: Record<string, unknown> }[];
    expect(alerts.map((change) => change.details)).toEqual([expect.objectContaining({ alert: 'AddonScriptError', addon: 'weblate.gettext.msgmerge', error: expect.any(String) })]);
  });

  it('weblate.gettext.msgmerge installed on one of two components sharing a working copy merges only its files', async () => {
    const { t, git } = env;
    const files = { 'a/cs.po': PO('cs'), 'a/app.pot': PO('en'), 'b/cs.po': PO('cs'), 'b/app.pot': PO('en') };
    const { project } = await createGitComponent(env, 'msgmerge-shared', files, { filemask: 'a/*.po', file_format: 'po', new_base: 'a/app.pot' });
    const url = (await api('get', `/api/components/${project.slug}/app/`).expect(200)).body.repo;
    await api('post', `/api/projects/${project.slug}/components/`).send({ name: 'Other', slug: 'other', repo: url, filemask: 'b/*.po', file_format: 'po', new_base: 'b/app.pot' }).expect(201);
    await t.drainTasks();
    await api('post', `/api/components/${project.slug}/other/addons/`).send({ name: 'weblate.gettext.msgmerge', configuration: {} }).expect(201);

    const pot = `${HEADER('en')}\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Welcome"\nmsgstr ""\n`;
    await git.commitToBare('msgmerge-shared', { 'a/app.pot': pot, 'b/app.pot': pot }, 'New string');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await push(project.slug);
    expect(await git.readFile('msgmerge-shared', 'b/cs.po')).toContain('msgid "Welcome"');
    expect(await git.readFile('msgmerge-shared', 'a/cs.po')).not.toContain('msgid "Welcome"');
  });

  it('weblate.git.squash pushes the commits of two translations as one', async () => {
    const { git } = env;
    const files = { 'po/cs.po': PO('cs'), 'po/de.po': PO('de'), 'po/app.pot': PO('en') };
    const { project } = await createGitComponent(env, 'squash', files, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await install(project.slug, 'weblate.git.squash');
    await api('post', `/api/components/${project.slug}/app/addons/`).send({ name: 'weblate.git.squash', configuration: { squash: 'commit' } }).expect(400);

    await translate(project.slug, 'cs', 'Ahoj');
    await translate(project.slug, 'de', 'Hallo');
    await push(project.slug);
    const log = await git.log('squash');
    expect(log.map((commit) => commit.message.split('\n')[0])).toEqual(['chore(l10n): update German translation', 'Initial commit']);
    expect(log[0].message).toContain('chore(l10n): update Czech translation');
    expect(await git.readFile('squash', 'po/cs.po')).toContain('msgstr "Ahoj"');
    expect(await git.readFile('squash', 'po/de.po')).toContain('msgstr "Hallo"');
  });
});
