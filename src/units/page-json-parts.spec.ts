import { joinJsonArrays, pageParts } from './page-json-parts';

describe('pageParts', () => {
  it('keeps a page of up to 500 rows whole, an empty one as one part', () => {
    expect(pageParts(0)).toEqual([{ skip: 0, take: 0 }]);
    expect(pageParts(1)).toEqual([{ skip: 0, take: 1 }]);
    expect(pageParts(500)).toEqual([{ skip: 0, take: 500 }]);
  });

  it('cuts a larger page into consecutive parts of about equal size', () => {
    expect(pageParts(1000)).toEqual([{ skip: 0, take: 500 }, { skip: 500, take: 500 }]);
    expect(pageParts(501)).toEqual([{ skip: 0, take: 251 }, { skip: 251, take: 250 }]);
  });

  it('cuts the largest pages into four parts at most', () => {
    const parts = pageParts(10_000);
    expect(parts).toHaveLength(4);
    expect(parts.map((part) => part.take)).toEqual([2500, 2500, 2500, 2500]);
    expect(pageParts(2003)).toEqual([{ skip: 0, take: 501 }, { skip: 501, take: 501 }, { skip: 1002, take: 501 }, { skip: 1503, take: 500 }]);
  });
});

describe('joinJsonArrays', () => {
  it('joins the members of the arrays in order and leaves out empty ones', () => {
    const joined = joinJsonArrays(['[{"id":1},{"id":2}]', '[]', '[{"id":3}]']);
    expect(JSON.parse(joined)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(joinJsonArrays(['[]', '[]'])).toBe('[]');
  });
});
