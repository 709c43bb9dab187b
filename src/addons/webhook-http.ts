import { sendRequest } from '../core/http/outgoing-request';

/** A receiver that does not answer within this is a failed attempt (Weblate waits 15 s too). */
const TIMEOUT_MS = 15_000;
/** What is read of the receiver's answer: nothing of it is kept but its status. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs the body and resolves with the receiver's status. With `publicOnly`, the address connected to is checked
 * as well (a host name that now resolves into a private network is refused), not only the URL when it was set.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, publicOnly: boolean): Promise<number> {
  const response = await sendRequest({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Weblate webhook' },
    body,
    timeoutMs: TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    publicOnly,
  });
  return response.status;
}
