import { parseRate } from './rate';

describe('parseRate', () => {
  it.each([
    ['100/day', { limit: 100, windowMs: 86_400_000 }],
    ['5000/hour', { limit: 5000, windowMs: 3_600_000 }],
    ['3/minute', { limit: 3, windowMs: 60_000 }],
    ['10/second', { limit: 10, windowMs: 1000 }],
    [' 7 / MIN ', { limit: 7, windowMs: 60_000 }],
    ['2/s', { limit: 2, windowMs: 1000 }],
  ])('parses %s', (text, expected) => {
    expect(parseRate(text)).toEqual(expected);
  });

  it.each(['', 'day', '100', '100/fortnight', '0/day', '-1/day', '1.5/day'])('rejects %p', (text) => {
    expect(parseRate(text)).toBeNull();
  });
});
