import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { addonAccess } from './addon-access';
import { AddonsRepository } from './addons.repository';

/** Resolves `/api/addons/:id/…` for the policy guard: seen as its component or project is, managed as addon-access.ts says. */
@Injectable()
export class AddonTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly addons: AddonsRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('addon', async (params) => {
      // Ids beyond the integer column's range would be a database error, not a missing add-on.
      const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
      const context = id === null ? null : await this.addons.findContext(id);
      return context ? { entity: context, ...addonAccess(context) } : null;
    });
  }
}
