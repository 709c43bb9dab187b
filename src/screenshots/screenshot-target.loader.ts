import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { ScreenshotsRepository } from './screenshots.repository';
import { componentScope } from '../auth/scopes';

/** Resolves `/api/screenshots/:id/…` for the policy guard; access is that of the screenshot's project and language. */
@Injectable()
export class ScreenshotTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly screenshots: ScreenshotsRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('screenshot', async (params) => {
      // Ids beyond the integer column's range would be a database error, not a missing screenshot.
      const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
      const context = id === null ? null : await this.screenshots.findContext(id);
      if (!context) return null;
      return { entity: context, scope: componentScope(context.translation.component, context.translation.language.id) };
    });
  }
}
