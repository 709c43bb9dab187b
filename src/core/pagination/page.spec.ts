import { buildPage, InvalidPageError, parsePageRequest, resolveLastPage, UNIT_LIST_LIMITS, LIST_LIMITS } from './page';

const url = (query: string) => new URL(`http://h/api/languages/${query}`);

describe('parsePageRequest', () => {
  it('defaults to the first page of the configured size', () => {
    expect(parsePageRequest(url(''), LIST_LIMITS, 50)).toMatchObject({ page: 1, pageSize: 50, offset: 0 });
  });

  it('uses the unit defaults for unit lists', () => {
    expect(parsePageRequest(url(''), UNIT_LIST_LIMITS, 50).pageSize).toBe(100);
    expect(parsePageRequest(url('?page_size=20000'), UNIT_LIST_LIMITS, 50).pageSize).toBe(10000);
  });

  it('clamps a page size over the maximum and ignores a malformed one', () => {
    expect(parsePageRequest(url('?page_size=5000'), LIST_LIMITS, 50).pageSize).toBe(1000);
    expect(parsePageRequest(url('?page_size=abc'), LIST_LIMITS, 50).pageSize).toBe(50);
    expect(parsePageRequest(url('?page_size=0'), LIST_LIMITS, 50).pageSize).toBe(50);
  });

  it.each(['0', '-1', 'abc', '1.5'])('rejects page=%s as an invalid page', (page) => {
    expect(() => parsePageRequest(url(`?page=${page}`), LIST_LIMITS, 50)).toThrow(InvalidPageError);
  });

  it('computes the offset of later pages', () => {
    expect(parsePageRequest(url('?page=3&page_size=10'), LIST_LIMITS, 50).offset).toBe(20);
  });
});

describe('buildPage', () => {
  it('links the neighbouring pages and keeps other parameters', () => {
    const request = parsePageRequest(url('?page=2&page_size=2&q=x'), LIST_LIMITS, 50);
    const page = buildPage(request, 5, ['c', 'd']);
    expect(page).toEqual({
      count: 5,
      next: 'http://h/api/languages/?page=3&page_size=2&q=x',
      previous: 'http://h/api/languages/?page_size=2&q=x',
      results: ['c', 'd'],
    });
  });

  it('has no neighbours on a single page', () => {
    const page = buildPage(parsePageRequest(url(''), LIST_LIMITS, 50), 3, [1, 2, 3]);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
  });

  it('accepts an empty first page but rejects a page past the end', () => {
    expect(buildPage(parsePageRequest(url(''), LIST_LIMITS, 50), 0, []).count).toBe(0);
    expect(() => buildPage(parsePageRequest(url('?page=2'), LIST_LIMITS, 50), 50, [])).toThrow(InvalidPageError);
  });

  it('resolves page=last from the count', () => {
    const request = resolveLastPage(parsePageRequest(url('?page=last&page_size=2'), LIST_LIMITS, 50), 5);
    expect(request).toMatchObject({ page: 3, offset: 4 });
  });
});
