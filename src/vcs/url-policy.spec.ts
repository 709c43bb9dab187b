import { isNonPublicAddress, parseIpAddress } from './ip-address';
import { parseRepositoryUrl, splitCredentials } from './repository-url';
import { checkRepositoryUrl, redactUrl, UrlPolicy } from './url-policy';
import { VcsError } from './vcs-error';

const PUBLIC = '93.184.216.34';
const fakeDns: Record<string, string[]> = {
  'example.com': [PUBLIC, '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': [PUBLIC, '192.168.1.10'],
  'rebind.example.com': ['::ffff:127.0.0.1'],
};
const resolve = async (host: string) => fakeDns[host] ?? [];
const webOnly: UrlPolicy = { allowedSchemes: ['https', 'http', 'ssh'], blockPrivateHosts: true, resolve };

async function refusal(url: string, policy: UrlPolicy = webOnly): Promise<VcsError> {
  const error = await checkRepositoryUrl(url, policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof VcsError)) throw new Error(`${url} was accepted`);
  expect(error.code).toBe('forbidden_url');
  return error;
}

describe('parseRepositoryUrl', () => {
  it.each([
    ['https://github.com/WeblateOrg/weblate.git', 'https', 'github.com'],
    ['HTTP://User:Pw@Git.Example.COM:8080/x', 'http', 'git.example.com'],
    ['ssh://git@[::1]:22/repo', 'ssh', '::1'],
    ['git+ssh://git@example.com/repo', 'ssh', 'example.com'],
    ['git@github.com:WeblateOrg/weblate.git', 'ssh', 'github.com'],
    ['example.com:repo.git', 'ssh', 'example.com'],
    ['file:///srv/git/repo.git', 'file', null],
    ['/srv/git/repo.git', 'file', null],
    ['./relative/dir:with-colon', 'file', null],
    ['ext::sh -c touch% /tmp/pwned', 'ext', null],
    ['https::https://example.com/repo', 'https', null],
    ['https://%31%32%37.0.0.1./x', 'https', '127.0.0.1'],
  ])('reads %s as %s on %s', (url, scheme, host) => {
    expect(parseRepositoryUrl(url)).toEqual({ scheme, host });
  });
});

describe('redactUrl and splitCredentials', () => {
  it('removes the whole user-info of http(s) URLs and only the password elsewhere', () => {
    expect(redactUrl('https://user:p%40ss@example.com/repo.git')).toBe('https://example.com/repo.git');
    expect(redactUrl('https://ghp_token@example.com/repo.git')).toBe('https://example.com/repo.git');
    expect(redactUrl('https://a@b:c@example.com/repo')).toBe('https://example.com/repo');
    expect(redactUrl('ssh://git:secret@example.com/repo')).toBe('ssh://git@example.com/repo');
    expect(redactUrl('git@example.com:repo.git')).toBe('git@example.com:repo.git');
    expect(redactUrl('https://example.com/a@b')).toBe('https://example.com/a@b');
  });

  it('splits decoded credentials off http(s) URLs', () => {
    expect(splitCredentials('https://bot:p%40ss:word@example.com/repo.git')).toEqual({
      url: 'https://example.com/repo.git',
      credentials: { username: 'bot', password: 'p@ss:word' },
    });
    expect(splitCredentials('https://example.com/repo.git')).toEqual({ url: 'https://example.com/repo.git' });
  });
});

describe('IP address classification', () => {
  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '0177.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    'fe80::1%eth0',
    'fd00::1',
    'fc12:3456::1',
    'ff02::1',
    '64:ff9b::a00:1',
    '2002:c0a8:0101::1',
  ])('treats %s as non-public', (address) => {
    const bytes = parseIpAddress(address);
    expect(bytes).not.toBeNull();
    expect(isNonPublicAddress(bytes as number[])).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::1'])(
    'treats %s as public',
    (address) => {
      expect(isNonPublicAddress(parseIpAddress(address) as number[])).toBe(false);
    },
  );

  it.each(['example.com', '1.2.3.4.5', '256.1.1.1', '08.1.1.1', '1::2::3', '12345::1', '::ffff:1.2.3.256'])(
    'does not read %s as an address',
    (text) => {
      expect(parseIpAddress(text)).toBeNull();
    },
  );
});

describe('checkRepositoryUrl', () => {
  it.each([
    'https://example.com/repo.git',
    'http://93.184.216.34/repo.git',
    'ssh://git@example.com/repo.git',
    'git@example.com:repo.git',
    'https://[2606:4700::1111]/repo.git',
  ])('accepts %s', async (url) => {
    await expect(checkRepositoryUrl(url, webOnly)).resolves.toBeUndefined();
  });

  it.each(['file:///etc', '/srv/git/repo', 'git://example.com/repo', 'ftp://example.com/repo'])(
    'refuses the scheme of %s unless enabled',
    async (url) => {
      expect((await refusal(url)).message).toMatch(/scheme is not enabled/);
    },
  );

  it('accepts local paths when file is enabled, without a host check', async () => {
    await expect(
      checkRepositoryUrl('/srv/git/repo', { allowedSchemes: ['file'], blockPrivateHosts: true, resolve }),
    ).resolves.toBeUndefined();
  });

  it.each([
    'http://localhost/repo',
    'https://foo.localhost/repo',
    'http://127.0.0.1:8080/repo',
    'http://127.1/repo',
    'http://2130706433/repo',
    'http://0x7f000001/repo',
    'https://[::1]/repo',
    'https://[::ffff:127.0.0.1]/repo',
    'http://169.254.169.254/latest/meta-data',
    'ssh://git@10.0.0.5/repo',
    'git@192.168.1.1:repo.git',
    'git@[fd00::1]:repo.git',
    'https://internal.example.com/repo',
    'https://mixed.example.com/repo',
    'https://rebind.example.com/repo',
    'https://does-not-resolve.example.com/repo',
    'http://0.0.0.0/repo',
  ])('refuses %s when private hosts are blocked', async (url) => {
    await refusal(url);
  });

  it('allows private hosts when the policy does not block them', async () => {
    const policy = { allowedSchemes: ['http'], blockPrivateHosts: false, resolve };
    await expect(checkRepositoryUrl('http://127.0.0.1:8080/repo', policy)).resolves.toBeUndefined();
  });

  it.each(['http://example.com\\@127.0.0.1/', 'http://example.com /repo', 'http://exa\tmple.com/'])(
    'refuses %j, which URL parsers disagree on',
    async (url) => {
      await refusal(url);
    },
  );

  it('never repeats credentials in its messages', async () => {
    const error = await refusal('https://bot:hunter2@internal.example.com/repo');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toContain('https://internal.example.com/repo');
  });
});
