import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const HEADER = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n`;
const PO = (language: string, target = '') => `${HEADER(language)}\nmsgid "Open the file"\nmsgstr "${target}"\n`;

/** weblate.gettext.msgmerge's `fuzzy`: a string upstream reworded keeps its translation, to review, unless turned off. */
describe('weblate.gettext.msgmerge fuzzy matching', () => {
  const env = useGitTestEnv();
  const api = (method: 'get' | 'post', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);

  async function reworded(name: string, configuration: Record<string, unknown>) {
    const { project, workDir } = await createGitComponent(env, name, { 'po/cs.po': PO('cs', 'Otevřít soubor'), 'po/app.pot': PO('en') }, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await api('post', `/api/components/${project.slug}/app/addons/`).send({ name: 'weblate.gettext.msgmerge', configuration }).expect(201);
    await env.git.commitToBare(name, { 'po/app.pot': `${HEADER('en')}\nmsgid "Open the files"\nmsgstr ""\n` }, 'Reword');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'push' }).expect(200);
    execFileSync('msgfmt', ['--check', '-o', '/dev/null', join(workDir, 'po/cs.po')], { stdio: 'pipe' });
    const [unit] = (await api('get', `/api/translations/${project.slug}/app/cs/units/`).expect(200)).body.results;
    return { po: await env.git.readFile(name, 'po/cs.po'), unit };
  }

  it('gives a reworded string the translation of the string it replaced, as needing editing, with its previous msgid', async () => {
    const { po, unit } = await reworded('fuzzy', {});
    expect(po).toContain('#, fuzzy\n#| msgid "Open the file"\nmsgid "Open the files"\nmsgstr "Otevřít soubor"');
    expect(po).not.toContain('#~');
    expect(unit).toMatchObject({ source: ['Open the files'], target: ['Otevřít soubor'], state: 10, previous_source: 'Open the file' });
  });

  it('starts it untranslated with fuzzy off, the old translation obsolete', async () => {
    const { po, unit } = await reworded('exact', { fuzzy: false });
    expect(po).toContain('msgid "Open the files"\nmsgstr ""');
    expect(po).toContain('#~ msgid "Open the file"\n#~ msgstr "Otevřít soubor"');
    expect(unit).toMatchObject({ source: ['Open the files'], target: [''], state: 0 });
  });
});
