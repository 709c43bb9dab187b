import { readFile, lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = (language: string, target = '') =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr "${target}"\n`;

/**
 * Repositories may hold symbolic links. The server never writes through one (it could lead anywhere), and meeting
 * one is a 4xx naming the file, never a server error; a pull that turns a link into a folder goes through.
 */
describe('symbolic links in repositories', () => {
  const env = useGitTestEnv();

  it('refuses an upload into a translation file that is a link with 400, writing nothing', async () => {
    const { t, admin } = env;
    const { project, workDir } = await createGitComponent(env, 'linked-file', { 'po/de.po': PO('de'), 'po/cs.po': { symlink: 'de.po' } as never }, { filemask: 'po/*.po', file_format: 'po' });
    const res = await t.http().post(`/api/translations/${project.slug}/app/cs/file/`).set('Authorization', admin.auth)
      .field('method', 'replace').attach('file', Buffer.from(PO('cs', 'Ahoj')), 'cs.po');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The file "po/cs.po" is a symbolic link in the repository; links are not followed.');
    expect(await readFile(join(workDir, 'po', 'de.po'), 'utf8')).toBe(PO('de'));
    expect((await lstat(join(workDir, 'po', 'cs.po'))).isSymbolicLink()).toBe(true);
  });

  it('refuses to add a language under a folder that links out of the repository with 400', async () => {
    const { t, admin } = env;
    const { project } = await createGitComponent(env, 'linked-folder', { 'po/de/app.po': PO('de'), locale: { symlink: '/tmp' } as never, 'app.pot': PO('en') } as never, {
      filemask: 'locale/*/app.po', file_format: 'po', new_base: 'app.pot',
    });
    const res = await t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', admin.auth).send({ language_code: 'cs' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Path leaves the repository: "locale/cs/app.po"');
    await t.http().get(`/api/translations/${project.slug}/app/cs/`).set('Authorization', admin.auth).expect(404);
  });

  it('pulls an upstream commit that replaces a link by a folder, and keeps pulling after it', async () => {
    const { t, admin, git } = env;
    const { project, workDir } = await createGitComponent(env, 'link-to-folder', { 'po/de.po': PO('de'), docs: { symlink: 'po' } as never }, { filemask: 'po/*.po', file_format: 'po' });
    const pull = () => t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'pull' });
    await git.commitToBare('link-to-folder', { docs: null, 'docs/readme.txt': 'read me' }, 'Docs of their own');
    expect((await pull().expect(200)).body).toEqual({ result: true });
    expect(await readFile(join(workDir, 'docs', 'readme.txt'), 'utf8')).toBe('read me');

    await git.commitToBare('link-to-folder', { 'po/de.po': PO('de', 'Hallo') }, 'German');
    expect((await pull().expect(200)).body).toEqual({ result: true });
    const status = (await t.http().get(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).expect(200)).body;
    expect(status).toMatchObject({ needs_commit: false, needs_merge: false });
    const units = (await t.http().get(`/api/translations/${project.slug}/app/de/units/`).set('Authorization', admin.auth).expect(200)).body.results;
    expect(units.map((unit: { target: string[] }) => unit.target)).toEqual([['Hallo']]);
  });
});
