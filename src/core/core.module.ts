import { Global, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, HttpAdapterHost } from '@nestjs/core';
import { UsersModule } from '../users/users.module';
import { PolicyGuard } from './auth/policy.guard';
import { TargetLoader } from './auth/target';
import { TokenAuthMiddleware } from './auth/token-auth.middleware';
import { ApiExceptionFilter } from './errors/exception.filter';
import { createValidationPipe } from './errors/validation.pipe';
import { AllowHeaderMiddleware } from './http/allow-header.middleware';
import { BodyParsingMiddleware } from './http/body-parsing.middleware';
import { RefuseUnexpectedMultipart } from './http/multipart';
import { RequestContextMiddleware } from './http/request-context.middleware';
import { ResponseFormatInterceptor } from './http/response-format.interceptor';
import { RouteTable } from './http/route-table';
import { ApiThrottlerGuard } from './rate-limit/api-throttler.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/**
 * Cross-cutting request handling. Guards run in the order listed: the rate limit first, so a throttled
 * caller learns nothing about permissions.
 */
@Global()
@Module({
  imports: [UsersModule, RateLimitModule],
  providers: [
    {
      provide: RouteTable,
      inject: [HttpAdapterHost],
      useFactory: (host: HttpAdapterHost) => new RouteTable(() => host.httpAdapter.getInstance().router.stack),
    },
    TargetLoader,
    { provide: APP_GUARD, useClass: ApiThrottlerGuard },
    { provide: APP_GUARD, useClass: PolicyGuard },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: ResponseFormatInterceptor },
    { provide: APP_INTERCEPTOR, useClass: RefuseUnexpectedMultipart },
    { provide: APP_PIPE, useFactory: createValidationPipe },
  ],
  exports: [RouteTable, TargetLoader],
})
export class CoreModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(RequestContextMiddleware, AllowHeaderMiddleware, TokenAuthMiddleware, BodyParsingMiddleware)
      .forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
