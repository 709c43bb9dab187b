import { DynamicModule, Global, MiddlewareConsumer, Module, ModuleMetadata, NestModule, RequestMethod } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, HttpAdapterHost } from '@nestjs/core';
import { TokenAuthMiddleware } from './auth/token-auth.middleware';
import { ApiExceptionFilter } from './errors/exception.filter';
import { createValidationPipe } from './errors/validation.pipe';
import { AllowHeaderMiddleware } from './http/allow-header.middleware';
import { BodyParsingMiddleware } from './http/body-parsing.middleware';
import { MultipartFormInterceptor } from './http/multipart-form.interceptor';
import { RequestContextMiddleware } from './http/request-context.middleware';
import { ResponseFormatInterceptor } from './http/response-format.interceptor';
import { RouteTable } from './http/route-table';
import { ApiThrottlerGuard } from './rate-limit/api-throttler.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';

/** Guards run in the order registered: this rate limit before the policy guard (PolicyModule, imported after). */
const PROVIDERS: ModuleMetadata['providers'] = [
  {
    provide: RouteTable,
    inject: [HttpAdapterHost],
    useFactory: (host: HttpAdapterHost) => new RouteTable(() => host.httpAdapter.getInstance().router.stack),
  },
  { provide: APP_GUARD, useClass: ApiThrottlerGuard },
  { provide: APP_FILTER, useClass: ApiExceptionFilter },
  { provide: APP_INTERCEPTOR, useClass: ResponseFormatInterceptor },
  { provide: APP_INTERCEPTOR, useClass: MultipartFormInterceptor },
  { provide: APP_PIPE, useFactory: createValidationPipe },
];

/**
 * Cross-cutting request handling: request context, caller, body parsing, rate limit, errors and response format.
 * Core knows no domain module: the composition root passes the module providing `REQUEST_AUTHENTICATOR`.
 */
@Global()
@Module({})
export class CoreModule implements NestModule {
  static forRoot(authentication: { imports: ModuleMetadata['imports'] }): DynamicModule {
    return {
      module: CoreModule,
      imports: [...(authentication.imports ?? []), RateLimitModule],
      providers: PROVIDERS,
      // The rate limit's ConcurrencyLimits, for the services that cap work running at once.
      exports: [RouteTable, RateLimitModule],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(RequestContextMiddleware, AllowHeaderMiddleware, TokenAuthMiddleware, BodyParsingMiddleware)
      .forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
