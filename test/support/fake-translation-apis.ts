import { FakeAnswer, ReceivedRequest } from './fake-service';

/*
 * Machine translation APIs as their documentation describes them, answering with the target language's code
 * before the text (`cs:Hello`), so a test sees which language was asked for. Written from the services' API
 * documentation, not from the server's code.
 */

const json = (request: ReceivedRequest): Record<string, unknown> | null => {
  try {
    return JSON.parse(request.body) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/** LibreTranslate: `POST /translate` {q, source, target, format, api_key} → {translatedText}. */
export function libreTranslateApi(options: { key?: string } = {}) {
  return (request: ReceivedRequest): FakeAnswer => {
    if (request.method !== 'POST' || request.path !== '/translate') return { status: 404, body: { error: 'Not Found' } };
    const body = json(request);
    if (!body || typeof body.q !== 'string') return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
    if (options.key !== undefined && body.api_key !== options.key) return { status: 403, body: { error: 'Invalid API key' } };
    return { body: { translatedText: `${String(body.target)}:${body.q}` } };
  };
}

/** DeepL: `POST /v2/translate` {text[], source_lang, target_lang, …} with `Authorization: DeepL-Auth-Key` → {translations[]}. */
export function deeplApi(key: string) {
  return (request: ReceivedRequest): FakeAnswer => {
    if (request.method !== 'POST' || request.path !== '/v2/translate') return { status: 404, body: { message: 'Not found' } };
    if (request.headers.authorization !== `DeepL-Auth-Key ${key}`) return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
    const body = json(request);
    if (!body || !Array.isArray(body.text) || typeof body.target_lang !== 'string') return { status: 400, body: { message: 'Bad request. Reason: Parameter text not specified' } };
    return { body: { translations: body.text.map((text: string) => ({ detected_source_language: body.source_lang, text: `${String(body.target_lang)}:${text}` })) } };
  };
}

export const LLM_SEPARATOR = '\n==WEBLATE_PART==\n';

/**
 * An OpenAI-compatible server (a local LLM's, say): `GET /v1/models`, `POST /v1/chat/completions` with a bearer
 * key. Its "model" translates each part of the user's message by prefixing `llm:`.
 */
export function openAiApi(options: { key: string; models: string[] }) {
  return (request: ReceivedRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${options.key}`) {
      return { status: 401, body: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } } };
    }
    if (request.method === 'GET' && request.path === '/v1/models') return { body: { object: 'list', data: options.models.map((id) => ({ id, object: 'model' })) } };
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') return { status: 404, body: { error: { message: 'Unknown endpoint' } } };
    const body = json(request) as { model?: string; messages?: { role: string; content: string }[] } | null;
    if (!body?.model || !options.models.includes(body.model)) return { status: 404, body: { error: { message: `The model ${String(body?.model)} does not exist.` } } };
    const user = body.messages?.find((message) => message.role === 'user')?.content ?? '';
    const reply = user.split(LLM_SEPARATOR).map((part) => `llm:${part}`).join(LLM_SEPARATOR);
    return { body: { id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }] } };
  };
}
