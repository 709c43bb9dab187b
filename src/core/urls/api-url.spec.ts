import { apiUrlSegments } from './api-url';

describe('apiUrlSegments', () => {
  it.each([
    ['http://h/api/projects/hello/', 'projects', ['hello']],
    ['https://other.example/api/projects/hello', 'projects', ['hello']],
    ['/api/categories/12/', 'categories', ['12']],
    ['http://h/api/components/p/docs%252Fusage/', 'components', ['p', 'docs%2Fusage']],
  ])('reads %s', (url, collection, expected) => {
    expect(apiUrlSegments(url, collection)).toEqual(expected);
  });

  it.each([[''], ['hello'], ['http://h/api/users/x/'], [42], [null], ['http://h/api/projects/'], ['http://[bad']])('rejects %p', (value) => {
    expect(apiUrlSegments(value, 'projects')).toBeNull();
  });
});
