import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Project } from '../../src/projects/project.entity';
import { createProject } from '../factories/project.factory';
import { useGitTestEnv } from '../support/git-component';

const PO = (language: string, ids: string[]) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n${ids.map((id) => `\nmsgid "${id}"\nmsgstr ""\n`).join('')}`;
const json = (strings: Record<string, string>) => `${JSON.stringify(strings, null, 2)}\n`;

/**
 * What a push notification costs: the repository is fetched once however many components were cloned from it, and
 * only the files the push changed are read again. Files changed in a working copy behind the server's back (which
 * no push touched) show what was read: they stay unread.
 */
describe('updates after a push', () => {
  const env = useGitTestEnv();

  const push = (fullName: string) =>
    env.t.http().post('/hooks/gitea/').send({ ref: 'refs/heads/main', repository: { full_name: fullName, clone_url: `https://git.example.org/${fullName}.git` } }).expect(200);

  async function create(project: Project, body: Record<string, unknown>): Promise<number> {
    const res = await env.t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', env.admin.auth).send(body).expect(201);
    return res.body.id as number;
  }

  async function sources(project: Project, component: string, language = 'cs'): Promise<string[]> {
    const res = await env.t.http().get(`/api/translations/${project.slug}/${component}/${language}/units/`).set('Authorization', env.admin.auth).expect(200);
    return res.body.results.map((unit: { source: string[] }) => unit.source[0]).sort();
  }

  async function targets(project: Project, component: string, language: string): Promise<string[]> {
    const res = await env.t.http().get(`/api/translations/${project.slug}/${component}/${language}/units/`).set('Authorization', env.admin.auth).expect(200);
    return res.body.results.map((unit: { target: string[] }) => unit.target[0]).sort();
  }

  const workDir = (project: Project, componentId: number) => join(env.t.config.dataDir, 'vcs', String(project.id), String(componentId));

  it('fetches a repository once for all the working copies cloned from it and reads only the components whose files changed', async () => {
    const { t, git } = env;
    const repository = 'shared/acme/shared';
    const files = Object.fromEntries(['a', 'b', 'c'].map((name) => [`${name}/cs.po`, PO('cs', [`${name} one`])]));
    const url = await git.createBareRepo(repository, files);
    // Three projects clone the repository, each into a working copy of its own; in each, components b and c share
    // component a's (automatically, as the URL is the same).
    const projects: { project: Project; ids: Record<string, number> }[] = [];
    for (let i = 0; i < 3; i++) {
      const project = await createProject(t);
      const ids: Record<string, number> = {};
      for (const name of ['a', 'b', 'c']) ids[name] = await create(project, { name, slug: name, repo: url, filemask: `${name}/*.po`, file_format: 'po' });
      projects.push({ project, ids });
    }
    await t.drainTasks();
    const [{ workingCopies }] = await t.dataSource.query(
      'SELECT count(DISTINCT coalesce(linked_component_id, id))::int AS "workingCopies" FROM components WHERE id = ANY($1::int[])',
      [projects.flatMap(({ ids }) => Object.values(ids))],
    );
    expect(workingCopies).toBe(3);

    await git.commitToBare(repository, { 'b/cs.po': PO('cs', ['b one', 'b two']) }, 'Add a string to b');
    // Behind the server's back, in every working copy: c's file, which the push does not touch.
    for (const { project, ids } of projects) await writeFile(join(workDir(project, ids.a), 'c/cs.po'), PO('cs', ['c one', 'c changed locally']));
    const before = git.fetchCount(repository);

    const res = await push('acme/shared');
    expect(res.body.match_status).toMatchObject({ repository_matches: 3, enabled_hook_matches: 3 });
    await t.drainTasks();

    expect(git.fetchCount(repository) - before).toBe(1);
    for (const { project } of projects) {
      expect(await sources(project, 'b')).toEqual(['b one', 'b two']);
      expect(await sources(project, 'c')).toEqual(['c one']);
      expect(await sources(project, 'a')).toEqual(['a one']);
    }
  });

  it("updates the other working copies from the first's fetch when the first cannot merge it", async () => {
    const { t, git } = env;
    const repository = 'conflict/acme/conflict';
    const url = await git.createBareRepo(repository, { 'a/cs.po': PO('cs', ['a one']) });
    const [first, second] = [await createProject(t), await createProject(t)];
    const firstId = await create(first, { name: 'a', slug: 'a', repo: url, filemask: 'a/*.po', file_format: 'po' });
    await create(second, { name: 'a', slug: 'a', repo: url, filemask: 'a/*.po', file_format: 'po' });
    await t.drainTasks();
    // The first working copy has a commit of its own that upstream's next one conflicts with.
    await writeFile(join(workDir(first, firstId), 'a/cs.po'), PO('cs', ['a mine']));
    await t.http().post(`/api/components/${first.slug}/a/repository/`).set('Authorization', env.admin.auth).send({ operation: 'commit' }).expect(200);
    await git.commitToBare(repository, { 'a/cs.po': PO('cs', ['a theirs']) }, 'Upstream edit');
    const before = git.fetchCount(repository);

    await push('acme/conflict');
    await t.drainTasks();

    expect(git.fetchCount(repository) - before).toBe(1);
    const status = await t.http().get(`/api/components/${first.slug}/a/repository/`).set('Authorization', env.admin.auth).expect(200);
    expect(status.body.merge_failure).toContain('a/cs.po');
    expect(await sources(second, 'a')).toEqual(['a theirs']);
  });

  it('reads the changed files of every component sharing a working copy, more of them than are read at once', async () => {
    const { t, git } = env;
    const repository = 'many/acme/many';
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const url = await git.createBareRepo(repository, Object.fromEntries(names.map((name) => [`${name}/cs.po`, PO('cs', [`${name} one`])])));
    const project = await createProject(t);
    for (const name of names) await create(project, { name, slug: name, repo: url, filemask: `${name}/*.po`, file_format: 'po' });
    await t.drainTasks();

    await git.commitToBare(repository, Object.fromEntries(names.map((name) => [`${name}/cs.po`, PO('cs', [`${name} one`, `${name} two`])])), 'Add a string everywhere');
    await push('acme/many');
    await t.drainTasks();

    for (const name of names) expect(await sources(project, name)).toEqual([`${name} one`, `${name} two`]);
  });

  it('adds and removes the translations whose files a push adds and removes, and keeps those it only changes', async () => {
    const { t, git } = env;
    const repository = 'langs/acme/langs';
    const url = await git.createBareRepo(repository, { 'po/cs.po': PO('cs', ['one']), 'po/de.po': PO('de', ['one']) });
    const project = await createProject(t);
    await create(project, { name: 'langs', slug: 'langs', repo: url, filemask: 'po/*.po', file_format: 'po' });
    await t.drainTasks();
    const languages = async () => {
      const res = await t.http().get(`/api/components/${project.slug}/langs/translations/`).set('Authorization', env.admin.auth).expect(200);
      return res.body.results.map((translation: { language_code: string }) => translation.language_code).sort();
    };
    expect(await languages()).toEqual(['cs', 'de', 'en']);

    await git.commitToBare(repository, { 'po/cs.po': PO('cs', ['one', 'two']) }, 'Czech only');
    await push('acme/langs');
    await t.drainTasks();
    expect(await languages()).toEqual(['cs', 'de', 'en']);
    expect(await sources(project, 'langs')).toEqual(['one', 'two']);

    await git.commitToBare(repository, { 'po/de.po': null, 'po/fr.po': PO('fr', ['one', 'two']), 'po/cs.po': PO('cs', ['one', 'two', 'three']) }, 'French in, German out');
    await push('acme/langs');
    await t.drainTasks();
    expect(await languages()).toEqual(['cs', 'en', 'fr']);
    expect(await sources(project, 'langs', 'fr')).toEqual(['one', 'two']);
  });

  it('reads again only the changed translation files of a component with a template', async () => {
    const { t, git } = env;
    const repository = 'mono/acme/mono';
    const url = await git.createBareRepo(repository, {
      'en.json': json({ hello: 'Hello', bye: 'Bye' }),
      'de.json': json({ hello: 'Hallo' }),
      'fr.json': json({ hello: 'Bonjour' }),
    });
    const project = await createProject(t);
    const id = await create(project, { name: 'Mono', slug: 'mono', repo: url, filemask: '*.json', template: 'en.json', file_format: 'json' });
    await t.drainTasks();

    await git.commitToBare(repository, { 'de.json': json({ hello: 'Hallo', bye: 'Tschüss' }) }, 'German');
    await writeFile(join(workDir(project, id), 'fr.json'), json({ hello: 'Salut', bye: 'Au revoir' }));
    await push('acme/mono');
    await t.drainTasks();

    expect(await targets(project, 'mono', 'de')).toEqual(['Hallo', 'Tschüss']);
    expect(await targets(project, 'mono', 'fr')).toEqual(['', 'Bonjour']);

    // A change of the template concerns every translation: all are read.
    await git.commitToBare(repository, { 'en.json': json({ hello: 'Hello', bye: 'Goodbye' }) }, 'Source');
    await push('acme/mono');
    await t.drainTasks();
    expect(await targets(project, 'mono', 'fr')).toEqual(['Au revoir', 'Salut']);
  });
});
