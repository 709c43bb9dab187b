import { createWorkingCopy, GitWorkingCopy, SystemGitWorkingCopy, VcsError } from './index';

describe('createWorkingCopy', () => {
  it.each(['https://example.com/repo.git', 'HTTP://example.com/repo.git'])('uses isomorphic-git for %s', (url) => {
    expect(createWorkingCopy(url, '/tmp/work')).toBeInstanceOf(GitWorkingCopy);
  });

  it.each(['ssh://git@example.com/repo.git', 'git@github.com:org/repo.git', 'git+ssh://example.com/repo'])(
    'uses the git binary for %s',
    (url) => {
      expect(createWorkingCopy(url, '/tmp/work')).toBeInstanceOf(SystemGitWorkingCopy);
    },
  );

  it.each([
    'file:///srv/repo.git',
    '/srv/repo.git',
    './repo',
    'git://example.com/repo.git',
    'ext::sh -c touch% /tmp/pwned',
    'weblate://project/component',
  ])('refuses %s as unsupported', (url) => {
    expect(() => createWorkingCopy(url, '/tmp/work')).toThrow(expect.objectContaining({ code: 'unsupported_url' }));
  });

  it('does not echo credentials when refusing a URL', () => {
    let error: unknown;
    try {
      createWorkingCopy('ftp://user:hunter2@example.com/repo', '/tmp/work');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(VcsError);
    expect((error as VcsError).message).not.toContain('hunter2');
  });
});
