import type { Request, Response } from 'express';
import { raw } from 'express';
import { DomainError, ParseError, PayloadTooLargeError, RequestTimeoutError } from '../core/errors/domain-error';

/** Weblate's answer to a payload that is not a JSON object, kept word for word for the services' delivery logs. */
export const INVALID_PAYLOAD = 'Invalid data in json payload!';

/**
 * Larger notifications are refused (413), unread when their length is declared. Real pushes are a few KB (GitLab
 * lists at most 20 commits; the samples of every service are under 4 KB) and 1 MiB is nginx's default
 * `client_max_body_size`, which installations behind nginx already have; the services' own cap (25 MB, GitHub and
 * GitLab) is far above what a push needs.
 */
const HOOK_MAX_BYTES = 1024 * 1024;
/** The body must have arrived this long after the hook began reading it: GitHub and GitLab give up after 10 s. */
const HOOK_BODY_TIMEOUT_MS = 10_000;

const readRaw = raw({ type: () => true, limit: HOOK_MAX_BYTES });

/**
 * The raw body, read here (the shared body parser leaves `/hooks/` alone) with the hooks' own size and time limits.
 * A refused body is not read further: the connection is closed after the answer.
 */
export function readHookBody(req: Request, res: Response): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const refuse = (error: DomainError) => {
      res.setHeader('Connection', 'close');
      reject(error);
    };
    const timer = setTimeout(() => refuse(new RequestTimeoutError('The request body did not arrive in time.')), HOOK_BODY_TIMEOUT_MS);
    readRaw(req, res, (error?: unknown) => {
      clearTimeout(timer);
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large') return refuse(new PayloadTooLargeError('Request body is too large.'));
      if (error) return reject(error);
      resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    });
  });
}

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
