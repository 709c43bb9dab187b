import { UrlBuilder } from './url-builder';

describe('UrlBuilder', () => {
  const urls = new UrlBuilder('https://example.org');

  it.each([
    ['apiRoot', urls.apiRoot(), 'https://example.org/api/'],
    ['languages', urls.languages(), 'https://example.org/api/languages/'],
    ['language', urls.language('pt_BR'), 'https://example.org/api/languages/pt_BR/'],
    ['language with reserved characters', urls.language('x/y'), 'https://example.org/api/languages/x%2Fy/'],
    ['languageStatistics', urls.languageStatistics('cs'), 'https://example.org/api/languages/cs/statistics/'],
    ['languageWeb', urls.languageWeb('cs'), 'https://example.org/languages/cs/'],
    ['task', urls.task('0b8f'), 'https://example.org/api/tasks/0b8f/'],
    ['user', urls.user('jane'), 'https://example.org/api/users/jane/'],
    ['userStatistics', urls.userStatistics('jane'), 'https://example.org/api/users/jane/statistics/'],
    ['userWeb', urls.userWeb('jane'), 'https://example.org/user/jane/'],
    ['changes', urls.changes(), 'https://example.org/api/changes/'],
    ['change', urls.change(42), 'https://example.org/api/changes/42/'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists every collection of the API root under /api/', () => {
    const collections = urls.collections();
    expect(Object.keys(collections)).toEqual(expect.arrayContaining(['projects', 'components', 'translations', 'languages']));
    for (const [name, url] of Object.entries(collections)) expect(url).toBe(`https://example.org/api/${name}/`);
  });
});

describe('UrlBuilder component paths', () => {
  const urls = new UrlBuilder('https://example.org');

  it('encodes a component inside categories twice, as Weblate does', () => {
    expect(urls.component('hello', 'docs/usage')).toBe('https://example.org/api/components/hello/docs%252Fusage/');
    expect(urls.componentPart('hello', 'docs/usage', 'repository')).toBe('https://example.org/api/components/hello/docs%252Fusage/repository/');
    expect(urls.translation('hello', 'docs/usage', 'pt_BR')).toBe('https://example.org/api/translations/hello/docs%252Fusage/pt_BR/');
  });

  it('leaves plain component slugs readable', () => {
    expect(urls.component('hello', 'android')).toBe('https://example.org/api/components/hello/android/');
    expect(urls.translationPart('hello', 'android', 'cs', 'file')).toBe('https://example.org/api/translations/hello/android/cs/file/');
  });

  it('builds browser URLs with real slashes', () => {
    expect(urls.componentWeb('hello', 'docs/usage')).toBe('https://example.org/projects/hello/docs/usage/');
    expect(urls.translateWeb('hello', 'docs/usage', 'cs')).toBe('https://example.org/translate/hello/docs/usage/cs/');
  });
});
