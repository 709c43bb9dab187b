import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { UnitsRepository } from './units.repository';
import { componentScope } from '../auth/scopes';

/** Resolves `/api/units/:id/` for the policy guard; access is that of the unit's project and language. */
@Injectable()
export class UnitTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly units: UnitsRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('unit', async (params, generation) => {
      const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
      const context = id === null ? null : await this.units.findContext(id, generation);
      if (!context) return null;
      return { entity: context, scope: componentScope(context.translation.component, context.translation.language.id) };
    });
  }
}
