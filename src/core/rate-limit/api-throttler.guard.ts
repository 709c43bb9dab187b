import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler/dist/throttler.guard.interface';
import type { Request, Response } from 'express';
import { ThrottledError } from '../errors/domain-error';
import { clientKey } from './client-key';

/**
 * Weblate's two budgets: anonymous callers per client IP, signed-in callers per user. The budget is global
 * (not per route), and the X-RateLimit-* headers go on throttled answers too.
 */
@Injectable()
export class ApiThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Request): Promise<string> {
    return clientKey(req);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-RateLimit-Limit', detail.limit);
    res.setHeader('X-RateLimit-Remaining', 0);
    res.setHeader('X-RateLimit-Reset', detail.timeToBlockExpire);
    throw new ThrottledError(detail.timeToBlockExpire);
  }
}
