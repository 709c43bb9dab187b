import type { Request, Response } from 'express';
import { renderBrowsableApi } from './browsable-api';
import type { ResponseFormat } from './request-context';

/** Writes a response body in the negotiated format; the one place that decides between JSON and HTML. */
export function sendBody(req: Request, res: Response, status: number, body: unknown, format: ResponseFormat): void {
  res.status(status);
  if (format === 'api') {
    res.type('html').send(renderBrowsableApi({ method: req.method, path: req.originalUrl, status, allow: res.get('Allow'), body }));
    return;
  }
  if (status === 204 || body === undefined) {
    res.end();
    return;
  }
  res.json(body);
}
