import { callEngine, endpointUrl } from '../engine-http';
import { libreTranslateLanguage } from '../language-codes';
import { EngineContext, EngineError, EngineTranslation, MachineryEngine, TranslationRequest } from '../machinery-engine';

/** Weblate scores LibreTranslate's answers a little below DeepL's. */
const QUALITY = 88;

/**
 * LibreTranslate (weblate/machinery/libretranslate.py): `POST {url}/translate` with the text in `q`, one request
 * per string as Weblate sends them; the answer's `translatedText` is the translation. The key is optional
 * (self-hosted servers need none).
 */
export const LIBRETRANSLATE: MachineryEngine = {
  id: 'libretranslate',
  name: 'LibreTranslate',
  schema: {
    type: 'object',
    properties: {
      url: { type: 'string', minLength: 1, maxLength: 500 },
      key: { type: 'string', maxLength: 500, default: '' },
    },
    required: ['url'],
    additionalProperties: false,
  },
  urlFields: ['url'],

  async translate(configuration: Record<string, unknown>, request: TranslationRequest, context: EngineContext): Promise<Map<string, EngineTranslation>> {
    const results = new Map<string, EngineTranslation>();
    for (const text of request.texts) {
      const payload = await callEngine('LibreTranslate', {
        method: 'POST',
        url: endpointUrl(String(configuration.url), 'translate'),
        json: {
          q: text,
          source: libreTranslateLanguage(request.sourceLanguage),
          target: libreTranslateLanguage(request.targetLanguage),
          format: 'text',
          api_key: String(configuration.key ?? ''),
        },
      }, context);
      const translated = (payload as { translatedText?: unknown } | null)?.translatedText;
      if (typeof translated !== 'string') throw new EngineError('LibreTranslate sent an unexpected answer: no translatedText.');
      results.set(text, { text: translated, quality: QUALITY });
    }
    return results;
  },
};
