import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinnedSshCommand } from './ssh-pinning';
import { SystemGitWorkingCopy } from './system-git-working-copy';

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
