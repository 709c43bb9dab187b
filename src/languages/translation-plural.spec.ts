import { translationPlural } from './translation-plural';

describe('translationPlural', () => {
  const RUSSIAN = { number: 3, formula: 'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2' };

  it('gives files keyed by CLDR category the language\'s CLDR forms', () => {
    expect(translationPlural('aresource', 'ru', RUSSIAN)).toMatchObject({ count: 4, categories: ['one', 'few', 'many', 'other'] });
    expect(translationPlural('ruby-yaml', 'pt_BR', { number: 2, formula: 'n > 1' })).toMatchObject({ count: 3, categories: ['one', 'many', 'other'] });
  });

  it('gives other files the gettext forms, each named by the CLDR category it covers', () => {
    expect(translationPlural('po', 'ru', RUSSIAN)).toEqual({ count: 3, categories: ['one', 'few', 'many'], pluralForms: `nplurals=3; plural=${RUSSIAN.formula};` });
    expect(translationPlural('ts', 'fr', { number: 2, formula: 'n > 1' }).categories).toEqual(['one', 'other']);
    expect(translationPlural('po', 'ar', { number: 6, formula: 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5' }).categories)
      .toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(translationPlural('po', 'ja', { number: 1, formula: '0' }).categories).toEqual(['other']);
  });

  it('falls back to English rules and the usual categories for what it does not know', () => {
    expect(translationPlural('po', 'cs', null)).toMatchObject({ count: 2, pluralForms: 'nplurals=2; plural=n != 1;' });
    expect(translationPlural('aresource', 'x-unknown-lang', { number: 3, formula: 'n==1 ? 0 : n==2 ? 1 : 2' }).categories).toEqual(['one', 'few', 'other']);
  });
});
