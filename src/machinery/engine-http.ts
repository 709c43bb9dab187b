import { OutgoingTimeoutError, sendRequest } from '../core/http/outgoing-request';
import { checkRepositoryUrl } from '../vcs/url-policy';
import { VcsError } from '../vcs/vcs-error';
import { EngineContext, EngineError } from './machinery-engine';

/** Far above any answer to a batch of strings; a service sending more is broken or hostile. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface EngineCall {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as a form (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** What some statuses mean for this service, when its body may not say (DeepL's 456: quota exceeded). */
  statusMessages?: Record<number, string>;
}

/**
 * One request to a machine translation service, answered with its parsed JSON. Whatever goes wrong (the URL
 * refused, no connection, no answer in time, an HTTP error, an answer that is not JSON) is an EngineError
 * naming the service, with the service's own error message when it sent one.
 */
export async function callEngine(name: string, call: EngineCall, context: EngineContext): Promise<unknown> {
  try {
    await checkRepositoryUrl(call.url, { allowedSchemes: ['http', 'https'], blockPrivateHosts: context.publicOnly });
  } catch (error) {
    if (error instanceof VcsError) throw new EngineError(`${name}: ${error.message.replace(/^Repository URL/, 'URL')}`);
    throw error;
  }
  const [contentType, body] = call.json !== undefined ? ['application/json', JSON.stringify(call.json)]
    : call.form ? ['application/x-www-form-urlencoded', new URLSearchParams(call.form).toString()] : [undefined, undefined];
  let response;
  try {
    response = await sendRequest({
      method: call.method,
      url: call.url,
      headers: { accept: 'application/json', 'user-agent': 'Weblate machinery', ...(contentType ? { 'content-type': contentType } : {}), ...call.headers },
      body,
      timeoutMs: context.timeoutMs,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      publicOnly: context.publicOnly,
    });
  } catch (error) {
    if (error instanceof OutgoingTimeoutError) throw new EngineError(`${name} did not answer within ${context.timeoutMs / 1000} s.`);
    throw new EngineError(`Could not reach ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.truncated) throw new EngineError(`${name} sent an answer larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB.`);
  const text = response.body.toString('utf8');
  const payload = parseJson(text);
  if (response.status < 200 || response.status >= 300) {
    const message = call.statusMessages?.[response.status] ?? serviceMessage(payload);
    throw new EngineError(`${name} answered HTTP ${response.status}${message ? `: ${message}` : '.'}`);
  }
  if (payload === undefined) throw new EngineError(`${name} sent an answer that is not JSON.`);
  return payload;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error message services put in their error bodies: DeepL `message`, LibreTranslate `error`, OpenAI `error.message`. */
function serviceMessage(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const body = payload as { message?: unknown; error?: unknown; detail?: unknown };
  const error = body.error as { message?: unknown } | string | undefined;
  const candidates = [body.message, typeof error === 'object' && error !== null ? error.message : error, body.detail];
  const message = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
  return message ? message.slice(0, 500) : null;
}

/** The service's URL for an endpoint below its configured base URL, whether or not that ends with a slash. */
export function endpointUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}
