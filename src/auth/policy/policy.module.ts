import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PolicyGuard } from './policy.guard';
import { TargetLoader } from './target';

/**
 * The access policy every route declares, enforced by a global guard. Imported after CoreModule so that the
 * rate limit runs first and a throttled caller learns nothing about permissions.
 */
@Global()
@Module({
  providers: [TargetLoader, { provide: APP_GUARD, useClass: PolicyGuard }],
  exports: [TargetLoader],
})
export class PolicyModule {}
