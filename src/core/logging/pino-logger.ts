import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';

/** Structured JSON logs for the whole process (on stdout unless told where); Nest's own messages go through it too. */
export function createRootLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // API keys and session cookies must never reach a log file.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
  };
  return destination ? pino(options, destination) : pino(options);
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes (message, [stack], context); our code passes ({fields}, message, context). */
  private write(level: pino.Level, message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...(message as object) }, typeof rest[0] === 'string' ? rest[0] : undefined);
      return;
    }
    const stack = typeof rest[0] === 'string' ? rest[0] : undefined;
    this.logger[level]({ context, stack }, String(message));
  }
}
