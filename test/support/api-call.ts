import { TestApp } from './test-app';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A request with a fixed Host (so expected URLs are predictable) and, when given, an Authorization header. */
export function apiCall(t: TestApp, host: string, method: Method, path: string, auth?: string) {
  const req = t.http()[method](path).set('Host', host);
  return auth ? req.set('Authorization', auth) : req;
}
