import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup } from '../vcs/url-policy';

/** A receiver that does not answer within this is a failed attempt (Weblate waits 15 s too). */
const TIMEOUT_MS = 15_000;
/** What is read of the receiver's answer: nothing of it is kept but its status. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs the body and resolves with the receiver's status. With `publicOnly`, the address connected to is checked
 * as well (a host name that now resolves into a private network is refused), not only the URL when it was set.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, publicOnly: boolean): Promise<number> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Weblate webhook' },
        timeout: TIMEOUT_MS,
        ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}
