import { Controller, Get, Inject } from '@nestjs/common';
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
import { REDIS } from '../redis/redis.module';

/** For load balancers and orchestrators: 200 when the database (and Redis, when configured) answer, else 503. */
@ApiTags('health')
@Controller('healthz')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get()
  @Open()
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [() => this.database.pingCheck('database', { timeout: 1500 })];
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
    return this.health.check(checks);
  }
}
