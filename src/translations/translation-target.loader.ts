import { Injectable, OnModuleInit } from '@nestjs/common';
import { decodeComponentPath } from '../components/component-target.loader';
import { ComponentLookup } from '../components/component-lookup';
import { TargetLoader } from '../auth/policy/target';
import { TranslationsRepository } from './translations.repository';
import { componentScope } from '../auth/scopes';
import type { ComponentContext } from '../components/component-context';
import type { TranslationStatisticsTarget } from './translation-context';

/**
 * Resolves `:project/:component/:language` for the policy guard: the component as for component routes,
 * then its translation for the code (for its statistics' route, with its recent changes). Access is the component's
 * project's.
 */
@Injectable()
export class TranslationTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly components: ComponentLookup,
    private readonly translations: TranslationsRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('translation', async (params, generation) => {
      const component = await this.componentOf(params, generation);
      const context = component ? await this.translations.findInComponent(component, params.language, generation) : null;
      if (!context) return null;
      return { entity: context, scope: componentScope(context.component, context.language.id) };
    });
    this.targets.register('translation-statistics', async (params, generation) => {
      const component = await this.componentOf(params, generation);
      const found = component ? await this.translations.findWithRecentChanges(component, params.language, generation) : null;
      if (!found) return null;
      return { entity: found satisfies TranslationStatisticsTarget, scope: componentScope(found.context.component, found.context.language.id) };
    });
  }

  private async componentOf(params: Record<string, string>, generation?: string): Promise<ComponentContext | null> {
    const path = decodeComponentPath(params.component);
    return params.project && path && params.language ? this.components.findByPath(params.project, path, generation) : null;
  }
}
