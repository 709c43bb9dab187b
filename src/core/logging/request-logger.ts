import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Level, Logger } from 'pino';

/** A client's X-Request-Id is kept when it is a plain token: it ends up in log lines and a response header. */
const GIVEN_ID = /^[\w.-]{1,100}$/;

/**
 * Gives each request its id (`req.id`: the client's X-Request-Id when it is a plain token, else a new UUID) and
 * logs the request once answered: failures and 5xx at error, 4xx at info, the others at debug, with the request
 * (method, URL, headers: the root logger redacts credentials), the status and the time taken. pino-http wrote the
 * same lines, but bound a child logger to every request, serializing its headers whether or not a line would be
 * written: a tenth of the throughput of a small request (`GET /api/` at 50 connections, 1590 → 1760 req/s here).
 * Here a request is serialized only for a line that is written.
 */
export function requestLogger(logger: Logger) {
  return (req: Request & { id?: string }, res: Response, next: NextFunction): void => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
    const started = Date.now();
    const answered = (error?: Error) => {
      res.off('finish', answered);
      res.off('close', answered);
      res.off('error', answered);
      const failed = error !== undefined || res.statusCode >= 500;
      const level: Level = failed ? 'error' : res.statusCode >= 400 ? 'info' : 'debug';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id: req.id, method: req.method, url: req.originalUrl, headers: req.headers, remoteAddress: req.socket.remoteAddress },
        res: { statusCode: res.statusCode, headers: res.getHeaders() },
        responseTime: Date.now() - started,
        ...(failed ? { err: error ?? new Error(`failed with status code ${res.statusCode}`) } : {}),
      };
      logger[level](line, failed ? 'request errored' : 'request completed');
    };
    res.on('finish', answered);
    res.on('close', answered);
    res.on('error', answered);
    next();
  };
}
