import { FakeService, startFakeService } from '../../../test/support/fake-service';
import { deeplApi, libreTranslateApi, LLM_SEPARATOR, openAiApi } from '../../../test/support/fake-translation-apis';
import { EngineContext, EngineError, MachineryEngine, TranslationRequest } from '../machinery-engine';
import { DEEPL } from './deepl.engine';
import { LIBRETRANSLATE } from './libretranslate.engine';
import { OPENAI } from './openai.engine';

const context: EngineContext = { timeoutMs: 2000, publicOnly: false };
const request: TranslationRequest = { projectId: 1, sourceLanguage: 'en', targetLanguage: 'pt_BR', texts: ['Hello', 'Good bye'], threshold: 80 };

const services: FakeService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

async function fake(...args: Parameters<typeof startFakeService>): Promise<FakeService> {
  const service = await startFakeService(...args);
  services.push(service);
  return service;
}

/** The engine's failure message (it must fail with an EngineError). */
async function failure(engine: MachineryEngine, configuration: Record<string, unknown>, overrides: Partial<EngineContext> = {}): Promise<string> {
  const error: unknown = await engine.translate(configuration, request, { ...context, ...overrides }).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(EngineError);
  return (error as EngineError).message;
}

/** The failures every adapter maps to a clear message, each against a server that behaves that way. */
describe.each([
  ['LibreTranslate', LIBRETRANSLATE, (url: string) => ({ url })],
  ['DeepL', DEEPL, (url: string) => ({ key: 'k', url: `${url}/v2/` })],
  ['OpenAI', OPENAI, (url: string) => ({ key: 'k', base_url: `${url}/v1`, model: 'custom', custom_model: 'm' })],
])('%s failures', (name, engine, configuration) => {
  it('reports an HTTP error with the status', async () => {
    const service = await fake(() => ({ status: 500, body: 'Internal Server Error' }));
    expect(await failure(engine, configuration(service.url))).toBe(`${name} answered HTTP 500.`);
  });

  it('reports a service that does not answer in time', async () => {
    const service = await fake(() => 'hang');
    expect(await failure(engine, configuration(service.url), { timeoutMs: 300 })).toBe(`${name} did not answer within 0.3 s.`);
  });

  it('reports an answer that is not JSON', async () => {
    const service = await fake(() => ({ body: '<html>maintenance</html>' }));
    expect(await failure(engine, configuration(service.url))).toBe(`${name} sent an answer that is not JSON.`);
  });

  it('reports JSON without translations', async () => {
    const service = await fake(() => ({ body: { unexpected: true } }));
    expect(await failure(engine, configuration(service.url))).toMatch(new RegExp(`^${name} sent an unexpected answer: `));
  });

  it('reports a service that cannot be reached', async () => {
    const service = await fake(() => ({ body: {} }));
    await service.close();
    expect(await failure(engine, configuration(service.url))).toMatch(new RegExp(`^Could not reach ${name}: .*ECONNREFUSED`));
  });

  it('refuses a private address when the URL policy applies', async () => {
    const service = await fake(() => ({ body: {} }));
    expect(await failure(engine, configuration(service.url), { publicOnly: true })).toMatch(new RegExp(`^${name}: URL .* is not allowed: the host is in a private or local network$`));
    expect(service.received).toEqual([]);
  });
});

describe('LibreTranslate', () => {
  it('POSTs each text to /translate with the key and LibreTranslate language codes', async () => {
    const service = await fake(libreTranslateApi({ key: 'secret' }));
    const results = await LIBRETRANSLATE.translate({ url: `${service.url}/`, key: 'secret' }, request, context);
    expect(results).toEqual(new Map([['Hello', { text: 'pb:Hello', quality: 88 }], ['Good bye', { text: 'pb:Good bye', quality: 88 }]]));
    expect(service.received.map((received) => JSON.parse(received.body))).toEqual([
      { q: 'Hello', source: 'en', target: 'pb', format: 'text', api_key: 'secret' },
      { q: 'Good bye', source: 'en', target: 'pb', format: 'text', api_key: 'secret' },
    ]);
  });

  it("passes the service's own error message on", async () => {
    const service = await fake(libreTranslateApi({ key: 'secret' }));
    expect(await failure(LIBRETRANSLATE, { url: service.url, key: 'wrong' })).toBe('LibreTranslate answered HTTP 403: Invalid API key');
  });
});

describe('DeepL', () => {
  it('sends the texts in one request with the key and DeepL language codes', async () => {
    const service = await fake(deeplApi('abc'));
    const results = await DEEPL.translate({ key: 'abc', url: `${service.url}/v2/`, formality: 'prefer_less', context: 'A game' }, request, context);
    expect(results).toEqual(new Map([['Hello', { text: 'PT-BR:Hello', quality: 91 }], ['Good bye', { text: 'PT-BR:Good bye', quality: 91 }]]));
    expect(service.received).toHaveLength(1);
    expect(JSON.parse(service.received[0].body)).toEqual({ text: ['Hello', 'Good bye'], source_lang: 'EN', target_lang: 'PT-BR', formality: 'prefer_less', context: 'A game' });
  });

  it('names a wrong key with DeepL\'s message, and an exhausted quota', async () => {
    const service = await fake(deeplApi('abc'));
    expect(await failure(DEEPL, { key: 'wrong', url: `${service.url}/v2` })).toBe('DeepL answered HTTP 403: Authorization failure, check auth_key');
    const quota = await fake(() => ({ status: 456, body: '' }));
    expect(await failure(DEEPL, { key: 'abc', url: `${quota.url}/v2` })).toBe('DeepL answered HTTP 456: Quota exceeded. The character limit has been reached.');
  });

  it('refuses an answer with fewer translations than texts', async () => {
    const service = await fake(() => ({ body: { translations: [{ text: 'Olá' }] } }));
    expect(await failure(DEEPL, { key: 'abc', url: service.url })).toBe('DeepL sent an unexpected answer: expected 2 translations.');
  });
});

describe('OpenAI-compatible API', () => {
  it('asks the chat completions endpoint with the custom model, the key and one message for all texts', async () => {
    const service = await fake(openAiApi({ key: 'sk-local', models: ['llama3'] }));
    const results = await OPENAI.translate({ key: 'sk-local', base_url: `${service.url}/v1`, model: 'custom', custom_model: 'llama3', persona: 'You translate games', style: '' }, request, context);
    expect(results).toEqual(new Map([['Hello', { text: 'llm:Hello', quality: 90 }], ['Good bye', { text: 'llm:Good bye', quality: 90 }]]));
    expect(service.received).toHaveLength(1);
    const body = JSON.parse(service.received[0].body) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('llama3');
    expect(body.messages[1]).toEqual({ role: 'user', content: `Hello${LLM_SEPARATOR}Good bye` });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content).toContain("'pt_BR'");
    expect(body.messages[0].content).toContain('You translate games.');
  });

  it('picks a known model the server offers with model auto', async () => {
    const service = await fake(openAiApi({ key: 'k', models: ['whisper-1', 'gpt-4o'] }));
    const results = await OPENAI.translate({ key: 'k', base_url: `${service.url}/v1/`, model: 'auto' }, request, context);
    expect(results.get('Hello')?.text).toBe('llm:Hello');
    expect(service.received.map((received) => `${received.method} ${received.path}`)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
    expect((JSON.parse(service.received[1].body) as { model: string }).model).toBe('gpt-4o');
  });

  it('says so when the server offers no known model for auto', async () => {
    const service = await fake(openAiApi({ key: 'k', models: ['llama3'] }));
    expect(await failure(OPENAI, { key: 'k', base_url: `${service.url}/v1`, model: 'auto' })).toMatch(/^Unsupported model: auto/);
  });

  it("passes a wrong key's error message on", async () => {
    const service = await fake(openAiApi({ key: 'k', models: ['llama3'] }));
    expect(await failure(OPENAI, { key: 'wrong', base_url: `${service.url}/v1`, model: 'custom', custom_model: 'llama3' })).toBe('OpenAI answered HTTP 401: Incorrect API key provided.');
  });

  it('refuses a reply that does not split into as many strings as were sent', async () => {
    const service = await fake(() => ({ body: { choices: [{ message: { role: 'assistant', content: 'Olá e adeus' } }] } }));
    expect(await failure(OPENAI, { key: 'k', base_url: service.url, model: 'gpt-4o' })).toBe('OpenAI sent an unexpected answer: 1 strings for 2.');
  });
});
