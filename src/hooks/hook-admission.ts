import { CallHandler, Injectable, NestInterceptor } from '@nestjs/common';
import { finalize, from, Observable, switchMap } from 'rxjs';
import { ServiceUnavailableError } from '../core/errors/domain-error';

/** Hook requests handled at once by one process: each may hold a body of up to HOOK_MAX_BYTES while it is read. */
const HOOK_MAX_ACTIVE = 16;
/** Hook requests waiting for one of those; their bodies are not read meanwhile. More are refused at once. */
const HOOK_MAX_WAITING = 64;
/** How long a request waits for its turn: as long as GitHub and GitLab wait for an answer (10 s). */
const HOOK_MAX_WAIT_MS = 10_000;

/**
 * Hooks are anonymous and not rate-limited, so what their requests may hold is bounded here: at most
 * HOOK_MAX_ACTIVE at once, the next HOOK_MAX_WAITING in line, and anything beyond answered 503, as is a request
 * that waited too long. A burst from a hosting service waits its turn; slow senders cannot hold more than the
 * active places. The count is per process (each API replica has its own), which bounds each process's memory.
 */
@Injectable()
export class HookAdmission implements NestInterceptor {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return from(this.enter()).pipe(switchMap(() => next.handle().pipe(finalize(() => this.leave()))));
  }

  private enter(): Promise<void> {
    if (this.active < HOOK_MAX_ACTIVE) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= HOOK_MAX_WAITING) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(busy());
      }, HOOK_MAX_WAIT_MS);
      this.waiting.push(turn);
    });
  }

  /** The place passes to the first in line, or is freed. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }
}

function busy(): ServiceUnavailableError {
  return new ServiceUnavailableError('Too many notifications at once; try again later.');
}
