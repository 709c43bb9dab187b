import { NO_STRINGS } from './statistics-counts';
import { percent, serializeStatistics } from './statistics.serializer';

describe('percent', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33.3],
    [2, 3, 66.6],
    [1, 2000, 0.1],
    [1999, 2000, 99.9],
    [10, 10, 100],
    [0, 10, 0],
  ])('gives %d of %d as %d', (part, total, expected) => {
    expect(percent(part, total)).toBe(expected);
  });
});

describe('serializeStatistics', () => {
  it('derives every percentage from its own counts', () => {
    const stats = serializeStatistics({
      ...NO_STRINGS,
      total: 4,
      totalWords: 10,
      totalChars: 50,
      translated: 2,
      translatedWords: 3,
      translatedChars: 25,
      fuzzy: 1,
      failing: 4,
      approved: 0,
      readonly: 2,
      lastChange: new Date('2024-05-06T07:08:09Z'),
    });
    expect(stats).toMatchObject({
      translated_percent: 50,
      translated_words_percent: 30,
      translated_chars_percent: 50,
      fuzzy_percent: 25,
      failing_percent: 100,
      approved_percent: 0,
      readonly_percent: 50,
      last_change: '2024-05-06T07:08:09.000Z',
    });
  });
});
