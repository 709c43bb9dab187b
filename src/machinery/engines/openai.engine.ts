import { callEngine, endpointUrl } from '../engine-http';
import { ValidationError } from '../../core/errors/domain-error';
import { configurationProblem } from '../../core/validation/configuration-schema';
import { EngineContext, EngineError, EngineTranslation, MachineryEngine, TranslationRequest } from '../machinery-engine';

const QUALITY = 90;
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Strings sent in one chat completion. */
const BATCH = 20;
/** Between strings of one request and of its answer. */
const SEPARATOR = '\n==WEBLATE_PART==\n';

/** Weblate's model choices; with `auto`, the first of these the server offers is used. */
const MODELS = ['gpt-4o-mini', 'gpt-4o', 'o3-mini', 'o3', 'o1-mini', 'o1', 'gpt-4.5-preview', 'gpt-4-turbo', 'gpt-4', 'gpt-3.5-turbo'];

/**
 * An OpenAI-compatible chat-completions API (weblate/machinery/openai.py): `POST {base_url}/chat/completions` with
 * the model, a system prompt asking for the translation only and the strings joined by a separator, authorised by
 * the key as a bearer token. `base_url` points it at any compatible server, a local LLM's included (with
 * `model: custom` and its `custom_model` name).
 */
export const OPENAI: MachineryEngine = {
  id: 'openai',
  name: 'OpenAI',
  schema: {
    type: 'object',
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 500 },
      base_url: { type: 'string', maxLength: 500, default: '' },
      model: { type: 'string', enum: ['auto', ...MODELS, 'custom'], default: 'auto' },
      custom_model: { type: 'string', maxLength: 200, default: '' },
      persona: { type: 'string', maxLength: 5000, default: '' },
      style: { type: 'string', maxLength: 5000, default: '' },
    },
    required: ['key'],
    additionalProperties: false,
  },
  urlFields: ['base_url'],

  refine(configuration: Record<string, unknown>): Record<string, unknown> {
    if (configuration.model === 'custom' && !configuration.custom_model) throw new ValidationError([configurationProblem('custom_model', 'Missing custom model name.')]);
    if (configuration.model !== 'custom' && configuration.custom_model) throw new ValidationError([configurationProblem('model', 'Choose custom model here to enable it.')]);
    return configuration;
  },

  async translate(configuration: Record<string, unknown>, request: TranslationRequest, context: EngineContext): Promise<Map<string, EngineTranslation>> {
    const base = String(configuration.base_url || DEFAULT_BASE_URL);
    const headers = { authorization: `Bearer ${String(configuration.key)}` };
    const model = await chooseModel(configuration, base, headers, context);
    const results = new Map<string, EngineTranslation>();
    for (let start = 0; start < request.texts.length; start += BATCH) {
      const texts = request.texts.slice(start, start + BATCH);
      const payload = await callEngine('OpenAI', {
        method: 'POST',
        url: endpointUrl(base, 'chat/completions'),
        headers,
        json: {
          model,
          messages: [
            { role: 'system', content: prompt(request, configuration, texts.length > 1) },
            { role: 'user', content: texts.join(SEPARATOR) },
          ],
          temperature: 0,
          frequency_penalty: 0,
          presence_penalty: 0,
        },
      }, context);
      const content = (payload as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content === '') throw new EngineError('OpenAI sent an unexpected answer: no reply of the assistant.');
      const translations = content.split(SEPARATOR);
      if (translations.length !== texts.length) {
        throw new EngineError(`OpenAI sent an unexpected answer: ${translations.length} strings for ${texts.length}.`);
      }
      texts.forEach((text, index) => results.set(text, { text: translations[index], quality: QUALITY }));
    }
    return results;
  },
};

async function chooseModel(configuration: Record<string, unknown>, base: string, headers: Record<string, string>, context: EngineContext): Promise<string> {
  if (configuration.model === 'custom') return String(configuration.custom_model);
  if (configuration.model !== 'auto') return String(configuration.model);
  const payload = await callEngine('OpenAI', { method: 'GET', url: endpointUrl(base, 'models'), headers }, context);
  const listed = (payload as { data?: { id?: unknown }[] } | null)?.data;
  if (!Array.isArray(listed)) throw new EngineError('OpenAI sent an unexpected answer: no list of models.');
  const offered = new Set(listed.map((model) => model?.id));
  const model = MODELS.find((candidate) => offered.has(candidate));
  if (!model) throw new EngineError('Unsupported model: auto (the server offers none of the known models; choose a custom model).');
  return model;
}

function prompt(request: TranslationRequest, configuration: Record<string, unknown>, several: boolean): string {
  return [
    `Translate the text the user sends from the language with code '${request.sourceLanguage}' to the language with code '${request.targetLanguage}', accurately and naturally.`,
    sentence(configuration.persona),
    sentence(configuration.style),
    'Answer with the translation only: no explanations, no quotes, no transliteration.',
    several ? `The user sends several strings separated by ${JSON.stringify(SEPARATOR)}; translate each and separate your translations the same way, in the same order.` : '',
    'Keep placeholders, markup and escape sequences exactly as they are.',
  ].filter((line) => line !== '').join('\n');
}

/** A persona or style the project wrote, ended as a sentence. */
function sentence(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return text && !/[.!?]$/.test(text) ? `${text}.` : text;
}
