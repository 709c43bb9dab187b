import { isAllowedHost, LOCAL_HOSTS, parseAllowedHosts } from './allowed-hosts';

describe('isAllowedHost', () => {
  it.each([
    ['localhost:8000', LOCAL_HOSTS, true],
    ['127.0.0.1', LOCAL_HOSTS, true],
    ['[::1]:8000', LOCAL_HOSTS, true],
    ['evil.example', LOCAL_HOSTS, false],
    ['localhost.evil.example', LOCAL_HOSTS, false],
    ['Translate.Example.org.', ['translate.example.org'], true],
    ['eu.example.org:443', ['.example.org'], true],
    ['example.org', ['.example.org'], true],
    ['badexample.org', ['.example.org'], false],
    ['anything.test', ['*'], true],
    ['evil.example/path', ['*'], false],
    ['evil example', ['*'], false],
    ['', ['*'], false],
    [undefined, ['*'], false],
  ])('%s with %j: %s', (host, allowed, expected) => {
    expect(isAllowedHost(host, allowed)).toBe(expected);
  });
});

describe('parseAllowedHosts', () => {
  it('lower-cases entries, drops final dots and empty entries', () => {
    expect(parseAllowedHosts(' Translate.Example.org., .example.net,,[::1] ')).toEqual(['translate.example.org', '.example.net', '[::1]']);
  });
});
