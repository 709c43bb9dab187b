import { ChangeAction } from '../../src/changes/change-actions';
import { EventBus } from '../../src/events/event-bus';
import { ChangeEvent, EventName } from '../../src/events/events';
import { WorkingCopyPipeline } from '../../src/working-copies/working-copy-pipeline';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const HEADER = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n`;
const PO = (language: string, target = '') => `${HEADER(language)}\nmsgid "Hello"\nmsgstr "${target}"\n`;

/**
 * Every commit goes through one pipeline: the pre-commit hooks run before it and what they write is committed with
 * it, whichever feature commits (translation commits, new and removed languages, replaced files); pushes and updates
 * run their hooks too, and each announces itself as an event once it is done.
 */
describe('the working-copy pipeline', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  const seen: { name: EventName; event: ChangeEvent }[] = [];
  const hookCalls: string[] = [];

  beforeAll(async () => {
    const pipeline = env.t.app.get(WorkingCopyPipeline);
    // Like Weblate's pre-commit add-ons (LINGUAS, MO files): keeps a file up to date in every commit.
    pipeline.beforeCommit(async (repository, commit) => {
      hookCalls.push(`commit ${commit.files.join(',')}`);
      const previous = await repository.readFile('COMMITS.txt').then((data) => data.toString('utf8'), () => '');
      await repository.writeFile('COMMITS.txt', `${previous}${commit.files.join(',')}\n`);
      return ['COMMITS.txt'];
    });
    pipeline.beforePush(async () => void hookCalls.push('push'));
    pipeline.beforeUpdate(async () => void hookCalls.push('update'));
    await env.t.app.get(EventBus).subscribe({
      consumer: 'test-pipeline',
      events: ['repository.post-commit', 'repository.post-push', 'repository.post-update', 'translation.post-add'],
      handle: async (event, name) => void seen.push({ name, event }),
    });
  });

  it('runs the pre-commit hooks in every commit and announces each commit, push and update', async () => {
    const { t, git, admin } = env;
    const { project } = await createGitComponent(env, 'pipeline', { 'po/cs.po': PO('cs'), 'po/app.pot': PO('en') }, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    const api = (method: 'get' | 'post' | 'patch' | 'delete', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const committed = async () => (await git.readFile('pipeline', 'COMMITS.txt')).trim().split('\n');

    const [unit] = (await api('get', `/api/translations/${project.slug}/app/cs/units/`).expect(200)).body.results;
    await api('patch', `/api/units/${unit.id}/`).send({ target: ['Ahoj'], state: 20 }).expect(200);
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'push' }).expect(200);
    expect(await committed()).toEqual(['po/cs.po']);
    expect(await git.readFile('pipeline', 'po/cs.po')).toContain('msgstr "Ahoj"');

    await api('post', `/api/components/${project.slug}/app/translations/`).send({ language_code: 'de' }).expect(201);
    // Delivered before the language goes again: removing a translation removes its changes, the outbox's rows too.
    await t.deliverEvents();
    await api('post', `/api/translations/${project.slug}/app/cs/file/`).field('method', 'replace').attach('file', Buffer.from(PO('cs', 'Nazdar')), 'cs.po').expect(200);
    await api('delete', `/api/translations/${project.slug}/app/de/`).expect(204);
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'push' }).expect(200);
    expect(await committed()).toEqual(['po/cs.po', 'po/de.po', 'po/cs.po', 'po/de.po']);

    await git.commitToBare('pipeline', { 'po/cs.po': PO('cs', 'Čau') }, 'Upstream');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    expect(hookCalls).toEqual(['commit po/cs.po', 'push', 'commit po/de.po', 'commit po/cs.po', 'commit po/de.po', 'push', 'update']);

    await t.deliverEvents();
    const log = (await git.log('pipeline')).map((commit) => commit.sha);
    const commits = seen.filter(({ name }) => name === 'repository.post-commit').map(({ event }) => event.details.commit);
    expect(commits).toHaveLength(4);
    for (const sha of commits) expect(log).toContain(sha);
    expect(seen.map(({ name }) => name)).toEqual([
      'repository.post-commit', 'repository.post-push',
      'repository.post-commit', 'translation.post-add', 'repository.post-commit', 'repository.post-commit', 'repository.post-push',
      'repository.post-update',
    ]);
    const update = seen.find(({ name }) => name === 'repository.post-update')!.event;
    expect(update.action).toBe(ChangeAction.Rebase);
    // The update is announced once the files are read again: its consumers find the upstream string.
    const units = (await api('get', `/api/translations/${project.slug}/app/cs/units/`).expect(200)).body.results;
    expect(units[0].target).toEqual(['Čau']);
  });
});
