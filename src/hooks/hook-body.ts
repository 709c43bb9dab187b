import { ParseError } from '../core/errors/domain-error';

/** Weblate's answer to a payload that is not a JSON object, kept word for word for the services' delivery logs. */
export const INVALID_PAYLOAD = 'Invalid data in json payload!';

/**
 * A notification's payload: the JSON body itself, or (as GitHub and Bitbucket can send it) JSON text in the
 * `payload` field of a form. Anything else, or anything but a non-empty object, is a 400.
 */
export function readHookPayload(contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  let text = body.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const payload = new URLSearchParams(text).get('payload');
    if (payload === null) throw new ParseError('Missing the payload parameter.');
    text = payload;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ParseError(INVALID_PAYLOAD);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    throw new ParseError(INVALID_PAYLOAD);
  }
  return value as Record<string, unknown>;
}
