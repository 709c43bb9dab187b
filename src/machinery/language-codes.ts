/**
 * Weblate language codes (`pt_BR`, `zh_Hant`, `sr@latin`) as the services name languages. Each service knows a
 * fixed set; these mappings pick the name it knows for the languages whose names differ, and the base language
 * otherwise (the services do not tell regional variants apart beyond these).
 */

/** The code without its variant (`@latin`), its parts split: `zh_Hant_TW` → ['zh', 'hant', 'tw']. */
function parts(code: string): string[] {
  return code.split('@')[0].toLowerCase().split(/[_-]/);
}

const TRADITIONAL_CHINESE = new Set(['hant', 'tw', 'hk', 'mo']);

const isTraditionalChinese = (code: string) => {
  const [base, ...rest] = parts(code);
  return base === 'zh' && rest.some((part) => TRADITIONAL_CHINESE.has(part));
};

/** LibreTranslate (Argos models): base codes, with `zt` for traditional Chinese and `pb` for Brazilian Portuguese. */
export function libreTranslateLanguage(code: string): string {
  const [base, region] = parts(code);
  if (isTraditionalChinese(code)) return 'zt';
  if (base === 'pt' && region === 'br') return 'pb';
  return base;
}

/** DeepL's source_lang: the base language, upper case (DeepL reads any variant of a source language). */
export function deeplSourceLanguage(code: string): string {
  return parts(code)[0].toUpperCase();
}

/**
 * DeepL's target_lang: the variants it translates into (EN-GB, EN-US, PT-BR, PT-PT, ZH-HANS, ZH-HANT, ES-419),
 * the base language otherwise.
 */
export function deeplTargetLanguage(code: string): string {
  const [base, region] = parts(code);
  if (base === 'zh') return isTraditionalChinese(code) ? 'ZH-HANT' : 'ZH-HANS';
  if (base === 'en' && (region === 'gb' || region === 'us')) return `EN-${region.toUpperCase()}`;
  if (base === 'pt') return region === 'br' ? 'PT-BR' : 'PT-PT';
  if (base === 'es' && region === '419') return 'ES-419';
  return base.toUpperCase();
}
