import { deeplSourceLanguage, deeplTargetLanguage, libreTranslateLanguage } from './language-codes';

describe('service language codes', () => {
  it.each([
    ['cs', 'cs'], ['pt_BR', 'pb'], ['pt', 'pt'], ['zh_Hant', 'zt'], ['zh_TW', 'zt'], ['zh_Hans', 'zh'], ['sr@latin', 'sr'], ['nb_NO', 'nb'],
  ])('names %s as %s for LibreTranslate', (code, expected) => {
    expect(libreTranslateLanguage(code)).toBe(expected);
  });

  it.each([
    ['en', 'EN'], ['en_GB', 'EN'], ['pt_BR', 'PT'], ['zh_Hant', 'ZH'], ['de', 'DE'],
  ])('names %s as source %s for DeepL', (code, expected) => {
    expect(deeplSourceLanguage(code)).toBe(expected);
  });

  it.each([
    ['en_GB', 'EN-GB'], ['en_US', 'EN-US'], ['en', 'EN'], ['pt_BR', 'PT-BR'], ['pt', 'PT-PT'], ['zh_Hans', 'ZH-HANS'],
    ['zh_Hant', 'ZH-HANT'], ['zh_TW', 'ZH-HANT'], ['es_419', 'ES-419'], ['es', 'ES'], ['de@formal', 'DE'], ['nb_NO', 'NB'],
  ])('names %s as target %s for DeepL', (code, expected) => {
    expect(deeplTargetLanguage(code)).toBe(expected);
  });
});
