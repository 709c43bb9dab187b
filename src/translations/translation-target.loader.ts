import { Injectable, OnModuleInit } from '@nestjs/common';
import { decodeComponentPath } from '../components/component-target.loader';
import { ComponentLookup } from '../components/component-lookup';
import { TargetLoader } from '../auth/policy/target';
import { TranslationsRepository } from './translations.repository';
import { componentScope } from '../auth/scopes';

/**
 * Resolves `:project/:component/:language` for the policy guard: the component as for component routes,
 * then its translation for the code. Access is the component's project's.
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
      const path = decodeComponentPath(params.component);
      const component = params.project && path && params.language ? await this.components.findByPath(params.project, path, generation) : null;
      const context = component ? await this.translations.findInComponent(component, params.language, generation) : null;
      if (!context) return null;
      return { entity: context, scope: componentScope(context.component, context.language.id) };
    });
  }
}
