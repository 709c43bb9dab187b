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
  it('serves every field of Weblate\'s Statistics schema, with words and characters of each state bucket', () => {
    const stats = serializeStatistics({
      ...NO_STRINGS,
      total: 10,
      totalWords: 40,
      totalChars: 200,
      fuzzy: 1,
      fuzzyWords: 4,
      fuzzyChars: 30,
      approved: 2,
      approvedWords: 10,
      approvedChars: 50,
      readonly: 5,
      readonlyWords: 20,
      readonlyChars: 100,
    });
    expect(stats).toMatchObject({
      fuzzy_words: 4,
      fuzzy_words_percent: 10,
      fuzzy_chars: 30,
      fuzzy_chars_percent: 15,
      approved_words: 10,
      approved_words_percent: 25,
      approved_chars: 50,
      approved_chars_percent: 25,
      readonly_words: 20,
      readonly_words_percent: 50,
      readonly_chars: 100,
      readonly_chars_percent: 50,
    });
  });

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
