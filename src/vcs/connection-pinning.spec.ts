import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinnedCurlResolve, pinnedSshCommand } from './connection-pinning';
import { runGit } from './system-git';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { checkRepositoryUrl } from './url-policy';

const resolvingTo = (...addresses: string[]) => async () => addresses;

describe('pinnedSshCommand', () => {
  it('pins ssh to the checked public address, keeping the name for the host key', async () => {
    const command = await pinnedSshCommand('ssh://git@git.example.org/repo.git', 'ssh -o BatchMode=yes', resolvingTo('93.184.216.34', '2606:2800:220:1::1'));
    expect(command).toBe('ssh -o BatchMode=yes -o HostName=93.184.216.34 -o HostKeyAlias=git.example.org');
    expect(await pinnedSshCommand('git@git.example.org:repo.git', 'ssh', resolvingTo('2606:2800:220:1::1'))).toBe(
      'ssh -o HostName=2606:2800:220:1::1 -o HostKeyAlias=git.example.org',
    );
  });

  it.each([
    ['a loopback answer', ['127.0.0.1']],
    ['a metadata-service answer', ['169.254.169.254']],
    ['one private answer among public ones', ['93.184.216.34', '10.0.0.7']],
    ['an IPv6 unique-local answer', ['fd00::1']],
    ['no answer', []],
  ])('refuses a host name with %s', async (_case, addresses) => {
    await expect(pinnedSshCommand('ssh://git@rebind.example.org/repo.git', 'ssh', resolvingTo(...addresses))).rejects.toMatchObject({ code: 'forbidden_url' });
  });

  it('leaves public address literals alone and refuses private ones', async () => {
    expect(await pinnedSshCommand('ssh://git@93.184.216.34/repo.git', 'ssh', resolvingTo())).toBe('ssh');
    await expect(pinnedSshCommand('ssh://git@192.168.1.10/repo.git', 'ssh', resolvingTo())).rejects.toMatchObject({ code: 'forbidden_url' });
  });

  it('refuses host names that would not be plain words on a command line', async () => {
    await expect(pinnedSshCommand('ssh://git@a$(id)b/repo.git', 'ssh', resolvingTo('93.184.216.34'))).rejects.toMatchObject({ code: 'forbidden_url' });
  });
});

describe('SystemGitWorkingCopy over ssh with private hosts blocked', () => {
  let dir: string;
  let sshLog: string;
  let fakeSsh: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ssh-pin-'));
    sshLog = join(dir, 'ssh-args');
    fakeSsh = join(dir, 'fake-ssh');
    // Stands in for ssh: records the arguments git gives it, then fails as an unreachable host would.
    await writeFile(fakeSsh, `#!/bin/sh\necho "$@" > '${sshLog}'\nexit 255\n`);
    await chmod(fakeSsh, 0o755);
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('never starts ssh towards a name that resolves to an internal address', async () => {
    const repository = new SystemGitWorkingCopy(join(dir, 'work'), { blockPrivateHosts: true, sshCommand: fakeSsh, resolve: resolvingTo('127.0.0.1') });
    await expect(repository.clone('ssh://git@internal.example.org/repo.git', 'main')).rejects.toMatchObject({ code: 'forbidden_url' });
    await expect(readFile(sshLog, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('connects to the address it checked', async () => {
    const repository = new SystemGitWorkingCopy(join(dir, 'work'), { blockPrivateHosts: true, sshCommand: fakeSsh, resolve: resolvingTo('93.184.216.34') });
    await expect(repository.clone('git@git.example.org:team/repo.git', 'main')).rejects.toThrow();
    expect(await readFile(sshLog, 'utf8')).toMatch(/^-o HostName=93\.184\.216\.34 -o HostKeyAlias=git\.example\.org .*git@git\.example\.org /);
  });
});

describe('pinnedCurlResolve', () => {
  it('pins https and http to the checked public address, on the URL port or the scheme default', async () => {
    expect(await pinnedCurlResolve('https://git.example.org/team/repo.git', resolvingTo('93.184.216.34'))).toBe('git.example.org:443:93.184.216.34');
    expect(await pinnedCurlResolve('http://Git.Example.org:8080/repo', resolvingTo('93.184.216.34'))).toBe('git.example.org:8080:93.184.216.34');
    expect(await pinnedCurlResolve('https://user:secret@git.example.org/repo', resolvingTo('2606:2800:220:1::1'))).toBe('git.example.org:443:[2606:2800:220:1::1]');
  });

  it.each([
    ['a loopback answer', ['127.0.0.1']],
    ['one private answer among public ones', ['93.184.216.34', '10.0.0.7']],
    ['no answer', []],
  ])('refuses a host name with %s', async (_case, addresses) => {
    await expect(pinnedCurlResolve('https://rebind.example.org/repo.git', resolvingTo(...addresses))).rejects.toMatchObject({ code: 'forbidden_url' });
  });

  it('leaves public address literals alone and refuses private ones', async () => {
    expect(await pinnedCurlResolve('https://93.184.216.34/repo.git', resolvingTo())).toBeNull();
    await expect(pinnedCurlResolve('https://[fd00::1]/repo.git', resolvingTo())).rejects.toMatchObject({ code: 'forbidden_url' });
  });

  it('reaches git as its http.curloptResolve setting', async () => {
    const run = await runGit(tmpdir(), ['config', '--get', 'http.curloptResolve'], { curlResolve: 'git.example.org:443:93.184.216.34' });
    expect(run.stdout.toString('utf8').trim()).toBe('git.example.org:443:93.184.216.34');
  });
});

describe('SystemGitWorkingCopy pushing over https with private hosts blocked', () => {
  it('checks the address when pushing, not only when the URL was set (DNS rebinding)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'https-pin-'));
    try {
      await runGit(dir, ['init', '--quiet', '--initial-branch=main']);
      await runGit(dir, ['-c', 'user.name=A', '-c', 'user.email=a@example.org', 'commit', '--quiet', '--allow-empty', '-m', 'x']);
      let lookups = 0;
      const rebinding = async () => (++lookups === 1 ? ['93.184.216.34'] : ['127.0.0.1']);
      await checkRepositoryUrl('https://push.example.org/repo.git', { allowedSchemes: ['https'], blockPrivateHosts: true, resolve: rebinding });
      const repository = new SystemGitWorkingCopy(dir, { blockPrivateHosts: true, resolve: rebinding });
      await expect(repository.push('main', { url: 'https://push.example.org/repo.git' })).rejects.toMatchObject({
        code: 'forbidden_url', message: expect.stringContaining('private or local network'),
      });
      expect(lookups).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
