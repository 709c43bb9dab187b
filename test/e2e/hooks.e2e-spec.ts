import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChangeAction } from '../../src/changes/change-actions';
import { Project } from '../../src/projects/project.entity';
import { createProject } from '../factories/project.factory';
import { useGitTestEnv } from '../support/git-component';
import { createTestApp } from '../support/test-app';

const PO = (entries: string[]) =>
  `msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n${entries.map((id) => `\nmsgid "${id}"\nmsgstr ""\n`).join('')}`;

function sample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, '../fixtures/hook-payloads', name), 'utf8'));
}

interface HookCase {
  service: string;
  file: string;
  headers?: Record<string, string>;
  /** How the service may send it: as the JSON body, or JSON text in a form's `payload` field. */
  asForm?: boolean;
  /** The repository path on the test git server: it ends in the payload's full name, which matches it. */
  repository: string;
  branch: string;
}

const CASES: HookCase[] = [
  { service: 'github', file: 'github-push.json', headers: { 'X-GitHub-Event': 'push' }, asForm: true, repository: 'a/defunkt/github', branch: 'main' },
  { service: 'github', file: 'github-push-new.json', headers: { 'X-GitHub-Event': 'push' }, repository: 'b/defunkt/github', branch: 'main' },
  { service: 'gitlab', file: 'gitlab-push.json', repository: 'mike/diaspora', branch: 'main' },
  { service: 'bitbucket', file: 'bitbucket-legacy-git.json', headers: { 'X-Event-Key': 'repo:push' }, asForm: true, repository: 'marcus/project-x', branch: 'main' },
  { service: 'bitbucket', file: 'bitbucket-cloud-webhook-push.json', headers: { 'X-Event-Key': 'repo:push' }, repository: 'team_name/repo_name', branch: 'name-of-branch' },
  { service: 'bitbucket', file: 'bitbucket-cloud-pullrequest-fulfilled.json', headers: { 'X-Event-Key': 'pullrequest:fulfilled' }, repository: 'c/team_name/repo_name', branch: 'target' },
  { service: 'bitbucket', file: 'bitbucket-server-refs-changed.json', headers: { 'X-Event-Key': 'repo:refs_changed' }, repository: 'scm/sandpit/my-repo', branch: 'main' },
  { service: 'pagure', file: 'pagure-git-receive.json', repository: 'nijel-test', branch: 'main' },
  { service: 'azure', file: 'azure-git-push.json', repository: 'f/p/_git/ATEST', branch: 'feat/localization' },
  { service: 'azure', file: 'azure-git-push-visualstudio-com.json', repository: 'c/_git/ATEST', branch: 'main' },
  { service: 'gitea', file: 'gitea-push.json', asForm: true, repository: 'gitea/webhooks', branch: 'main' },
  { service: 'gitee', file: 'gitee-push.json', repository: 'oschina/gitee', branch: 'main' },
  { service: 'forgejo', file: 'forgejo-push.json', repository: 'forgejo/webhooks', branch: 'main' },
];

describe('repository notification hooks', () => {
  const env = useGitTestEnv();

  /** A project with component `app` cloned from a new bare repository at `repository`, on `branch`. */
  async function createComponent(repository: string, branch = 'main'): Promise<{ project: Project; source: string }> {
    const { t, git, admin } = env;
    const url = await git.createBareRepo(repository, { 'po/cs.po': PO(['Hello']) }, branch);
    const project = await createProject(t);
    await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .send({ name: 'App', slug: 'app', repo: url, branch, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    return { project, source: url };
  }

  async function sources(project: Project): Promise<string[]> {
    const res = await env.t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', env.admin.auth).expect(200);
    return res.body.results.map((unit: { source: string[] }) => unit.source[0]).sort();
  }

  function send(hook: Pick<HookCase, 'service' | 'file' | 'headers' | 'asForm'>, payload: unknown = sample(hook.file)) {
    const req = env.t.http().post(`/hooks/${hook.service}/`).set(hook.headers ?? {});
    return hook.asForm ? req.type('form').send({ payload: JSON.stringify(payload) }) : req.send(payload as object);
  }

  async function countChanges(project: Project, action: ChangeAction): Promise<number> {
    const [{ count }] = await env.t.dataSource.query('SELECT count(*)::int AS count FROM changes WHERE project_id = $1 AND action = $2', [project.id, action]);
    return count;
  }

  it.each(CASES.map((hook) => [`${hook.service} ${hook.file}`, hook] as const))('%s updates the component whose repository it names', async (_label, hook) => {
    const { t, git } = env;
    const { project } = await createComponent(hook.repository, hook.branch);
    expect(await sources(project)).toEqual(['Hello']);
    await git.commitToBare(hook.repository, { 'po/cs.po': PO(['Hello', 'Pushed upstream']) }, 'Add a string', hook.branch);

    const res = await send(hook);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: expect.stringContaining(`${project.slug}/app`) });
    expect(res.body.updated_components).toContain(`${new URL(res.request.url).origin}/api/components/${project.slug}/app/`);
    expect(res.body.match_status.enabled_hook_matches).toBeGreaterThanOrEqual(1);
    await t.drainTasks();
    expect(await sources(project)).toEqual(['Hello', 'Pushed upstream']);
    expect(await countChanges(project, ChangeAction.Hook)).toBe(1);
    // Later samples name similar repositories: this component has had its turn.
    await t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
  });

  it('answers a push for an unknown repository with 202 "No matching repositories found!"', async () => {
    const payload = sample('gitea-push.json');
    (payload.repository as Record<string, unknown>).full_name = 'nobody/nothing';
    (payload.repository as Record<string, unknown>).clone_url = 'https://git.example.org/nobody/nothing.git';
    const res = await send({ service: 'gitea', file: '' }, payload).expect(202);
    expect(res.body).toEqual({
      message: 'No matching repositories found!',
      status: 'failure',
      match_status: { repository_matches: 0, branch_matches: 0, enabled_hook_matches: 0 },
      updated_components: [],
    });
  });

  it('counts matches on another branch and in projects with hooks disabled, but updates neither', async () => {
    const { project } = await createComponent('filters/acme/widgets', 'stable');
    const payload = { ref: 'refs/heads/main', repository: { full_name: 'acme/widgets', clone_url: 'https://git.example.org/acme/widgets.git' } };
    const otherBranch = await send({ service: 'gitea', file: '' }, payload).expect(202);
    expect(otherBranch.body.match_status).toEqual({ repository_matches: 1, branch_matches: 0, enabled_hook_matches: 0 });
    await env.t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
    const disabled = await send({ service: 'gitea', file: '' }, { ...payload, ref: 'refs/heads/stable' }).expect(202);
    expect(disabled.body.match_status).toEqual({ repository_matches: 1, branch_matches: 1, enabled_hook_matches: 0 });
    expect(await countChanges(project, ChangeAction.Hook)).toBe(0);
  });

  it('coalesces a burst of 50 notifications into at most two pulls', async () => {
    const { t, git } = env;
    const { project } = await createComponent('burst/acme/burst');
    await git.commitToBare('burst/acme/burst', { 'po/cs.po': PO(['Hello', 'Burst']) }, 'Add a string');
    const payload = { ref: 'refs/heads/main', repository: { full_name: 'acme/burst', clone_url: 'https://git.example.org/acme/burst.git' } };
    const answers = await Promise.all(Array.from({ length: 50 }, () => send({ service: 'gitea', file: '' }, payload)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    await t.drainTasks();
    expect(await countChanges(project, ChangeAction.Hook)).toBe(50);
    // The component rebases (Weblate's default merge style): each pull is recorded as "Rebased repository".
    const pulls = await countChanges(project, ChangeAction.Rebase);
    expect(pulls).toBeGreaterThanOrEqual(1);
    expect(pulls).toBeLessThanOrEqual(2);
    expect(await sources(project)).toEqual(['Burst', 'Hello']);
  });

  it('updates a component or a whole project through the deprecated update hooks', async () => {
    const { t, git } = env;
    const { project } = await createComponent('deprecated/acme/old');
    await git.commitToBare('deprecated/acme/old', { 'po/cs.po': PO(['Hello', 'Via GET']) }, 'Add a string');
    const res = await t.http().get(`/hooks/update/${project.slug}/app/`).expect(200);
    expect(res.body).toEqual({ message: 'Update triggered', status: 'success' });
    await t.drainTasks();
    expect(await sources(project)).toEqual(['Hello', 'Via GET']);

    await git.commitToBare('deprecated/acme/old', { 'po/cs.po': PO(['Hello', 'Via POST']) }, 'Change a string');
    await t.http().post(`/hooks/update/${project.slug}/`).expect(200);
    await t.drainTasks();
    expect(await sources(project)).toEqual(['Hello', 'Via POST']);

    await t.http().get(`/hooks/update/${project.slug}/nope/`).expect(404);
    await t.http().get('/hooks/update/no-such-project/').expect(404);
    await t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
    expect((await t.http().get(`/hooks/update/${project.slug}/app/`).expect(405)).body.detail).toBe('Method "GET" not allowed.');
  });

  describe('projects and components the caller may not see', () => {
    it('answers the update hooks of a private project as those of an unknown one, and still updates it', async () => {
      const { t, git, admin } = env;
      const { project } = await createComponent('private/acme/secret');
      await t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [project.id]);
      await git.commitToBare('private/acme/secret', { 'po/cs.po': PO(['Hello', 'Private push']) }, 'Add a string');
      const unknown = await t.http().get('/hooks/update/no-such-project/').expect(404);
      for (const path of [`/hooks/update/${project.slug}/`, `/hooks/update/${project.slug}/app/`]) {
        const res = await t.http().get(path).expect(404);
        expect(res.body).toEqual(unknown.body);
      }
      await t.drainTasks();
      expect(await sources(project)).toEqual(['Hello', 'Private push']);
      // Its members get the real answer.
      expect((await t.http().post(`/hooks/update/${project.slug}/app/`).set('Authorization', admin.auth).expect(200)).body).toEqual({ message: 'Update triggered', status: 'success' });
      // Hooks disabled: 405 would tell the project exists.
      await t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
      expect((await t.http().get(`/hooks/update/${project.slug}/`).expect(404)).body).toEqual(unknown.body);
      await t.http().get(`/hooks/update/${project.slug}/`).set('Authorization', admin.auth).expect(405);
    });

    it('answers the update hook of a restricted component as that of an unknown one', async () => {
      const { t, admin } = env;
      const { project } = await createComponent('restricted/acme/hidden');
      await t.dataSource.query("UPDATE components SET restricted = true WHERE project_id = $1 AND slug = 'app'", [project.id]);
      const unknown = await t.http().get(`/hooks/update/${project.slug}/nope/`).expect(404);
      expect((await t.http().get(`/hooks/update/${project.slug}/app/`).expect(404)).body).toEqual(unknown.body);
      await t.http().get(`/hooks/update/${project.slug}/app/`).set('Authorization', admin.auth).expect(200);
      // The public project's own hook names no component.
      expect((await t.http().get(`/hooks/update/${project.slug}/`).expect(200)).body).toEqual({ message: 'Update triggered', status: 'success' });
      await t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
    });

    it('names in a push answer only the components the caller may see', async () => {
      const { t, git, admin } = env;
      const { project } = await createComponent('named/acme/named');
      await t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [project.id]);
      await git.commitToBare('named/acme/named', { 'po/cs.po': PO(['Hello', 'Named push']) }, 'Add a string');
      const payload = { ref: 'refs/heads/main', repository: { full_name: 'acme/named', clone_url: 'https://git.example.org/acme/named.git' } };
      // The same answer as for a repository nobody tracks: nothing tells that a private component follows it.
      const anonymous = await send({ service: 'gitea', file: '' }, payload).expect(202);
      const unknown = await send({ service: 'gitea', file: '' }, { ...payload, repository: { full_name: 'acme/nobody', clone_url: 'https://git.example.org/acme/nobody.git' } }).expect(202);
      expect(anonymous.body).toEqual(unknown.body);
      expect(anonymous.body).toEqual({
        message: 'No matching repositories found!', status: 'failure', updated_components: [],
        match_status: { repository_matches: 0, branch_matches: 0, enabled_hook_matches: 0 },
      });
      await t.drainTasks();
      expect(await sources(project)).toEqual(['Hello', 'Named push']);
      const member = await send({ service: 'gitea', file: '' }, payload).set('Authorization', admin.auth).expect(200);
      expect(member.body.message).toBe(`Update triggered: ${project.slug}/app`);
      expect(member.body.updated_components).toEqual([`${new URL(member.request.url).origin}/api/components/${project.slug}/app/`]);
      await t.drainTasks();
      await t.dataSource.query('UPDATE projects SET enable_hooks = false WHERE id = $1', [project.id]);
    });
  });

  it("acknowledges GitHub's ping and events other than pushes with 201", async () => {
    const ping = await env.t.http().post('/hooks/github/').set('X-GitHub-Event', 'ping').send({ zen: 'Keep it logically awesome.', hook_id: 1 }).expect(201);
    expect(ping.body).toEqual({ message: 'Hook working', status: 'success' });
    await env.t.http().post('/hooks/bitbucket/').set('X-Event-Key', 'repo:fork').send(sample('bitbucket-cloud-webhook-push.json')).expect(201);
  });

  describe('bad input', () => {
    const INVALID = 'Invalid data in json payload!';

    it.each([
      ['not JSON', 'application/json', '{"ref": '],
      ['an empty object', 'application/json', '{}'],
      ['a list', 'application/json', '[{"ref": "main"}]'],
      ['a string', 'application/json', '"push"'],
      ['a form payload that is not JSON', 'application/x-www-form-urlencoded', 'payload=%7Bnope'],
      ['an empty body', 'application/json', ''],
    ])('answers %s with 400 "Invalid data in json payload!"', async (_kind, type, body) => {
      const res = await env.t.http().post('/hooks/gitea/').set('Content-Type', type).send(body).expect(400);
      expect(res.body.detail).toBe(INVALID);
    });

    it('answers a form without its payload field with 400', async () => {
      const res = await env.t.http().post('/hooks/github/').type('form').send({ data: '{}' }).expect(400);
      expect(res.body.detail).toBe('Missing the payload parameter.');
    });

    it("answers a payload lacking what its service always sends with 400", async () => {
      const res = await env.t.http().post('/hooks/github/').set('X-GitHub-Event', 'push').send({ ref: 'refs/heads/main' }).expect(400);
      expect(res.body.detail).toBe(INVALID);
    });

    it.each(['nope', 'constructor', '__proto__'])('answers the unknown service %s with 404', async (service) => {
      const res = await env.t.http().post(`/hooks/${service}/`).send(sample('gitea-push.json')).expect(404);
      expect(res.body.detail).toBe(`Hook ${service} not supported`);
    });

    it('answers other methods with 405', async () => {
      const res = await env.t.http().get('/hooks/github/').expect(405);
      expect(res.body.detail).toBe('Method "GET" not allowed.');
    });
  });
});

describe('repository notification hooks with ENABLE_HOOKS=false', () => {
  it('answers every hook with 405', async () => {
    const t = await createTestApp({ ENABLE_HOOKS: 'false', REQUIRE_LOGIN: 'true' });
    try {
      const project = await createProject(t);
      await t.http().post('/hooks/github/').set('X-GitHub-Event', 'push').send(sample('github-push.json')).expect(405);
      await t.http().post('/hooks/nope/').send({ ref: 'x' }).expect(405);
      await t.http().get(`/hooks/update/${project.slug}/`).expect(405);
    } finally {
      await t.close();
    }
  });

  it('serves hooks anonymously when REQUIRE_LOGIN is set, as Weblate exempts them', async () => {
    const t = await createTestApp({ REQUIRE_LOGIN: 'true' });
    try {
      await t.http().post('/hooks/github/').set('X-GitHub-Event', 'ping').send({ zen: 'hi' }).expect(201);
      await t.http().get('/api/projects/').expect(401);
      await t.http().get('/healthz/').expect(200);
    } finally {
      await t.close();
    }
  });
});
