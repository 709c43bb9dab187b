import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorFunction,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type Redis from 'ioredis';
import { Open } from '../auth/policy/policy.decorators';
import { ServiceUnavailableError } from '../core/errors/domain-error';
import { REDIS } from '../redis/redis.module';
import { Readiness } from './readiness';

/**
 * For load balancers and orchestrators: 200 when the database (and Redis, when configured) answer and the server is
 * not draining for a stop, else 503.
 */
@ApiTags('health')
@Controller('healthz')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly readiness: Readiness,
  ) {}

  @Get()
  @Open()
  @HealthCheck()
  async check(): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [
      () => {
        const indicator = this.indicators.check('server');
        return this.readiness.ready ? indicator.up() : indicator.down({ message: 'stopping: draining before shutdown' });
      },
      () => this.database.pingCheck('database', { timeout: 1500 }),
    ];
    const redis = this.redis;
    if (redis) {
      checks.push(async () => {
        const indicator = this.indicators.check('redis');
        try {
          await redis.ping();
          return indicator.up();
        } catch (error) {
          return indicator.down({ message: (error as Error).message });
        }
      });
    }
    try {
      return await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      // Terminus' own 503 body would lose its details to the API's error shape: they go into `detail` instead.
      const down = Object.entries((error.getResponse() as HealthCheckResult).error ?? {})
        .map(([name, result]) => (typeof result?.message === 'string' ? `${name} (${result.message})` : name));
      throw new ServiceUnavailableError(`Not ready: ${down.join(', ')} down.`);
    }
  }
}
