import { generateApiKey, hashApiKey } from './api-key';

describe('generateApiKey', () => {
  it('makes 40-character personal keys with the wlu_ prefix', () => {
    expect(generateApiKey('wlu_')).toMatch(/^wlu_[A-Za-z0-9]{36}$/);
  });

  it('makes project keys with the wlp_ prefix', () => {
    expect(generateApiKey('wlp_')).toMatch(/^wlp_[A-Za-z0-9]{36}$/);
  });

  it('never repeats itself', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey('wlu_')));
    expect(keys.size).toBe(200);
  });
});

describe('hashApiKey', () => {
  it('is a stable hex SHA-256 that differs from the key', () => {
    const key = 'wlu_abc';
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain('abc');
  });
});
