import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { routeGroup } from './request-counters';
import { RequestMetrics } from './request-metrics';

/** Counts each request when its response is finished, under the section of the route that answered it. */
@Injectable()
export class RequestMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: RequestMetrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      // The matched route's pattern, not the URL: unknown paths must not grow the number of groups.
      const route = (req.route as { path?: unknown } | undefined)?.path;
      this.metrics.record({
        group: routeGroup(typeof route === 'string' ? route : undefined),
        method: req.method,
        status: res.statusCode,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
    next();
  }
}
