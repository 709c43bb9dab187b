import { FuzzyMatcher, similarity } from './po-fuzzy-match';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const candidate = (msgid: string, msgctxt?: string) => ({ msgctxt, msgid, value: `${msgctxt ?? ''}|${msgid}` });

describe('similarity (fstrcmp)', () => {
  it('is twice the common subsequence over the summed lengths', () => {
    expect(similarity(bytes('Open the file'), bytes('Open the files'))).toBeCloseTo(26 / 27);
    expect(similarity(bytes('abcd'), bytes('acbd'))).toBeCloseTo(6 / 8);
    expect(similarity(bytes('abc'), bytes('xyz'))).toBe(0);
    expect(similarity(bytes(''), bytes(''))).toBe(1);
  });

  it('gives 0 once it is sure to stay at or under the lower bound', () => {
    expect(similarity(bytes('Abcdefgh'), bytes('Abcdwxyz'))).toBeCloseTo(0.5);
    expect(similarity(bytes('Abcdefgh'), bytes('Abcdwxyz'), 0.6)).toBe(0);
  });
});

describe('FuzzyMatcher', () => {
  it('picks the most similar candidate above 0.6, preferring the same context', () => {
    const matcher = new FuzzyMatcher([candidate('Save the filey'), candidate('Save the filex', 'menu'), candidate('Close')]);
    // Equally similar: the one of the same context.
    expect(matcher.best(undefined, 'Save the filez')).toBe('|Save the filey');
    expect(matcher.best('menu', 'Save the filez')).toBe('menu|Save the filex');
    expect(matcher.best(undefined, 'Something else entirely')).toBeUndefined();
  });

  it('reaches candidates of every length that could match and no others, the earliest of equals winning', () => {
    // 7/3 of 3 bytes is 7: a 6-byte candidate sharing "abc" has 2·3/9 = 0.67, a 7-byte one 0.6, not above.
    const matcher = new FuzzyMatcher([candidate('abcxyzw'), candidate('abcxyz'), candidate('xyzabc')]);
    expect(matcher.best(undefined, 'abc')).toBe('|abcxyz');
    expect(new FuzzyMatcher([candidate('abcxyzw')]).best(undefined, 'abc')).toBeUndefined();
    expect(new FuzzyMatcher([candidate('abcd'), candidate('abce')]).best(undefined, 'abcf')).toBe('|abcd');
  });
});
