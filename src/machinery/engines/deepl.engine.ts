import { callEngine, endpointUrl } from '../engine-http';
import { deeplSourceLanguage, deeplTargetLanguage } from '../language-codes';
import { EngineContext, EngineError, EngineTranslation, MachineryEngine, TranslationRequest } from '../machinery-engine';

/** Weblate rates DeepL a bit above the other services (`max_score = 91`). */
const QUALITY = 91;
const PRO_URL = 'https://api.deepl.com/v2/';
const FREE_URL = 'https://api-free.deepl.com/v2/';
/** DeepL takes at most 50 texts per request. */
const BATCH = 50;

/**
 * DeepL (weblate/machinery/deepl.py): `POST {url}/translate` with `text[]`, `source_lang`, `target_lang` and
 * `formality` as JSON, authorised by `Authorization: DeepL-Auth-Key`. A free-plan key (ending in `:fx`) is sent to
 * the free API when the URL is the default one, as Weblate does.
 */
export const DEEPL: MachineryEngine = {
  id: 'deepl',
  name: 'DeepL',
  schema: {
    type: 'object',
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 500 },
      url: { type: 'string', minLength: 1, maxLength: 500, default: PRO_URL },
      formality: { type: 'string', enum: ['default', 'prefer_more', 'prefer_less'], default: 'default' },
      context: { type: 'string', maxLength: 5000, default: '' },
    },
    required: ['key'],
    additionalProperties: false,
  },
  urlFields: ['url'],

  async translate(configuration: Record<string, unknown>, request: TranslationRequest, context: EngineContext): Promise<Map<string, EngineTranslation>> {
    const key = String(configuration.key);
    const url = baseUrl(String(configuration.url ?? PRO_URL), key);
    const results = new Map<string, EngineTranslation>();
    for (let start = 0; start < request.texts.length; start += BATCH) {
      const texts = request.texts.slice(start, start + BATCH);
      const payload = await callEngine('DeepL', {
        method: 'POST',
        url: endpointUrl(url, 'translate'),
        headers: { authorization: `DeepL-Auth-Key ${key}` },
        json: {
          text: texts,
          source_lang: deeplSourceLanguage(request.sourceLanguage),
          target_lang: deeplTargetLanguage(request.targetLanguage),
          formality: configuration.formality ?? 'default',
          ...(configuration.context ? { context: configuration.context } : {}),
        },
        statusMessages: { 456: 'Quota exceeded. The character limit has been reached.' },
      }, context);
      const translations = (payload as { translations?: unknown } | null)?.translations;
      if (!Array.isArray(translations) || translations.length !== texts.length) {
        throw new EngineError(`DeepL sent an unexpected answer: expected ${texts.length} translations.`);
      }
      texts.forEach((text, index) => {
        const translated = (translations[index] as { text?: unknown } | null)?.text;
        if (typeof translated !== 'string') throw new EngineError('DeepL sent an unexpected answer: a translation without text.');
        results.set(text, { text: translated, quality: QUALITY });
      });
    }
    return results;
  },
};

function baseUrl(url: string, key: string): string {
  return key.endsWith(':fx') && url.startsWith('https://api.deepl.com/v2') ? FREE_URL : url;
}
