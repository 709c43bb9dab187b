import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { boundedPush, HOOK_PARSERS, HookHeaders, InvalidHookPayload, MAX_CANDIDATE_URLS, NOT_A_PUSH, RepositoryPush } from '.';

/** The payload samples the hosting services send (test/fixtures/hook-payloads, origin and license in its README). */
function sample(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/hook-payloads', name), 'utf8'));
}

const headers = (values: Record<string, string> = {}): HookHeaders => (name) => values[name];

function parse(service: string, file: string, values: Record<string, string> = {}): RepositoryPush | null {
  return HOOK_PARSERS.get(service)!(sample(file), headers(values));
}

describe('hook payload parsers', () => {
  it('reads a GitHub push with clone URLs, each with and without .git', () => {
    const push = parse('github', 'github-push-new.json', { 'x-github-event': 'push' })!;
    expect(push).toMatchObject({ service: 'GitHub', branch: 'main', fullName: 'defunkt/github' });
    expect(push.repoUrls).toEqual(expect.arrayContaining([
      'https://github.com/defunkt/github.git', 'https://github.com/defunkt/github', 'git://github.com/defunkt/github.git',
      'git@github.com:defunkt/github.git', 'git@github.com:defunkt/github', 'http://github.com/defunkt/github',
    ]));
  });

  it('builds the github.com URL forms for an older GitHub payload without clone URLs', () => {
    const push = parse('github', 'github-push.json', { 'x-github-event': 'push' })!;
    expect(push.fullName).toBe('defunkt/github');
    expect(push.repoUrls).toEqual(expect.arrayContaining(['https://github.com/defunkt/github.git', 'git@github.com:defunkt/github.git', 'git://github.com/defunkt/github']));
  });

  it('acknowledges GitHub events that are not pushes, the ping included', () => {
    expect(parse('github', 'github-push.json', { 'x-github-event': 'ping' })).toBe(NOT_A_PUSH);
    expect(parse('github', 'github-push.json')).toBe(NOT_A_PUSH);
  });

  it('reads a GitLab push', () => {
    const push = parse('gitlab', 'gitlab-push.json')!;
    expect(push).toMatchObject({ service: 'GitLab', branch: 'main', fullName: 'mike/diaspora' });
    expect(push.repoUrls).toEqual(expect.arrayContaining([
      'git@example.com:mike/diaspora.git', 'http://example.com/mike/diaspora.git', 'http://example.com/mike/diaspora',
    ]));
  });

  it.each([
    ['bitbucket-legacy-git.json', 'repo:push', 'marcus/project-x', 'main', 'https://bitbucket.org/marcus/project-x.git'],
    ['bitbucket-cloud-webhook-push.json', 'repo:push', 'team_name/repo_name', 'name-of-branch', 'git@bitbucket.org:team_name/repo_name.git'],
    ['bitbucket-cloud-pullrequest-fulfilled.json', 'pullrequest:fulfilled', 'team_name/repo_name', 'target', 'ssh://git@bitbucket.org/team_name/repo_name.git'],
    ['bitbucket-server-refs-changed.json', 'repo:refs_changed', 'SANDPIT/my-repo', 'main', 'https://example.com/scm/sandpit/my-repo.git'],
  ])('reads the Bitbucket payload %s', (file, event, fullName, branch, url) => {
    const push = parse('bitbucket', file, { 'x-event-key': event })!;
    expect(push).toMatchObject({ service: 'Bitbucket', fullName, branch });
    expect(push.repoUrls).toContain(url);
  });

  it('acknowledges Bitbucket events that do not change a branch', () => {
    expect(parse('bitbucket', 'bitbucket-cloud-webhook-push.json', { 'x-event-key': 'repo:fork' })).toBe(NOT_A_PUSH);
  });

  it('reads a Pagure git.receive message', () => {
    const push = parse('pagure', 'pagure-git-receive.json')!;
    expect(push).toEqual({
      service: 'Pagure',
      repoUrls: ['https://pagure.io/nijel-test.git', 'https://pagure.io/nijel-test', 'ssh://git@pagure.io/nijel-test.git', 'ssh://git@pagure.io/nijel-test'],
      branch: 'main',
      fullName: 'nijel-test',
    });
  });

  it.each([
    ['azure-git-push.json', 'feat/localization', 'https://dev.azure.com/f/p/_git/ATEST', 'git@ssh.dev.azure.com:v3/f/p/ATEST'],
    ['azure-git-push-visualstudio-com.json', 'main', 'https://f.visualstudio.com/c/_git/ATEST', 'f@vs-ssh.visualstudio.com:v3/f/c/ATEST'],
  ])('reads the Azure DevOps push %s under both hosts', (file, branch, https, ssh) => {
    const push = parse('azure', file)!;
    expect(push).toMatchObject({ service: 'Azure', branch, fullName: 'ATEST' });
    expect(push.repoUrls).toEqual(expect.arrayContaining([https, ssh]));
  });

  it.each([
    ['gitea', 'gitea-push.json', 'Gitea', 'gitea/webhooks'],
    ['forgejo', 'forgejo-push.json', 'Forgejo', 'forgejo/webhooks'],
  ])('reads a %s push with its SSH URL in both notations', (service, file, name, fullName) => {
    const push = parse(service, file)!;
    expect(push).toMatchObject({ service: name, branch: 'main', fullName });
    const owner = fullName.split('/')[0];
    expect(push.repoUrls).toEqual(expect.arrayContaining([
      `http://localhost:3000/${fullName}.git`, `http://localhost:3000/${fullName}`,
      `ssh://${owner}@localhost:2222/${fullName}.git`, `${owner}@localhost:${fullName}.git`,
    ]));
  });

  it('reads a Gitee push', () => {
    const push = parse('gitee', 'gitee-push.json')!;
    expect(push).toMatchObject({ service: 'Gitee', branch: 'main', fullName: 'oschina/gitee' });
    expect(push.repoUrls).toEqual(expect.arrayContaining(['https://gitee.com/oschina/gitee.git', 'git@gitee.com:oschina/gitee.git', 'https://gitee.com/oschina/gitee']));
  });

  it.each([...HOOK_PARSERS.keys()])('throws on a %s payload without its repository', (service) => {
    const events = { 'x-github-event': 'push', 'x-event-key': 'repo:push' };
    const payload = { ref: 'refs/heads/main', topic: 'git.receive', eventType: 'git.push', msg: {}, resource: {} };
    expect(() => HOOK_PARSERS.get(service)!(payload, headers(events))).toThrow();
  });

  it('knows no service by an inherited property name', () => {
    expect(HOOK_PARSERS.get('constructor')).toBeUndefined();
    expect(HOOK_PARSERS.get('__proto__')).toBeUndefined();
  });

  it('names no more candidate URLs in any sample than a push may', () => {
    const pushes = [parse('azure', 'azure-git-push.json'), parse('github', 'github-push-new.json', { 'x-github-event': 'push' })];
    for (const push of pushes) expect(boundedPush(push!).repoUrls.length).toBeLessThanOrEqual(MAX_CANDIDATE_URLS);
  });

  it('bounds a push: too many URLs are refused, URLs and names no component can hold are dropped', () => {
    const push: RepositoryPush = { service: 'Gitea', repoUrls: [`https://h/${'a'.repeat(300)}`, 'https://h/a/b.git'], branch: 'main', fullName: 'c'.repeat(300) };
    expect(boundedPush(push)).toEqual({ ...push, repoUrls: ['https://h/a/b.git'], fullName: '' });
    expect(() => boundedPush({ ...push, repoUrls: Array.from({ length: MAX_CANDIDATE_URLS + 1 }, (_, n) => `https://h/${n}`) })).toThrow(InvalidHookPayload);
  });
});
