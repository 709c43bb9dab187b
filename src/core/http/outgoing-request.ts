import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup } from '../../vcs/url-policy';

export interface OutgoingRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole exchange, connecting included, must end within this. */
  timeoutMs: number;
  /** What is read of the answer; the connection is closed past it and the answer marked `truncated`. */
  maxResponseBytes: number;
  /** Check the address actually connected to, not only the URL when it was set (a host name may now resolve privately). */
  publicOnly: boolean;
}

export interface OutgoingResponse {
  status: number;
  body: Buffer;
  truncated: boolean;
}

/** The request did not end within its time. */
export class OutgoingTimeoutError extends Error {}

/**
 * One HTTP request the server makes to a service its users configured (a webhook receiver, a machine
 * translation API): bounded in time and in what is read of the answer. Rejects on connection errors and timeouts;
 * any HTTP status resolves.
 */
export function sendRequest(outgoing: OutgoingRequest): Promise<OutgoingResponse> {
  const target = new URL(outgoing.url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers = outgoing.body === undefined ? outgoing.headers : { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) };
  return new Promise((resolve, reject) => {
    const req = request(target, { method: outgoing.method, headers, ...(outgoing.publicOnly ? { lookup: publicOnlyLookup } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let truncated = false;
      const done = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), truncated });
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        if (read + chunk.length > outgoing.maxResponseBytes) {
          truncated = true;
          res.destroy();
          return;
        }
        read += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    const timer = setTimeout(() => req.destroy(new OutgoingTimeoutError(`no answer within ${outgoing.timeoutMs / 1000} s`)), outgoing.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(outgoing.body);
  });
}
