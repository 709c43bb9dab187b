import { generatedLanguageCode } from './file-language-codes';

describe('generatedLanguageCode', () => {
  it('gives a well-formed code of no known language the shape Weblate creates it with', () => {
    expect(generatedLanguageCode('ryu')).toBe('ryu');
    expect(generatedLanguageCode('xx-rYY')).toBe('xx_YY');
    expect(generatedLanguageCode('b+xx+latn')).toBe('xx_Latn');
  });

  it('refuses what is no language code (Android qualifiers, long subtags)', () => {
    expect(generatedLanguageCode('night')).toBeNull();
    expect(generatedLanguageCode('xx-unknown')).toBeNull();
    expect(generatedLanguageCode('v21')).toBeNull();
  });
});
