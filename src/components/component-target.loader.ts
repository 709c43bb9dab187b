import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { ComponentLookup } from './component-lookup';
import { componentScope } from '../auth/scopes';

/**
 * Resolves `:project/:component` for the policy guard. The component segment is a category path joined
 * with `/`, encoded twice by clients (`docs%252Fusage`); Express decodes once, so decode once more here
 * (a single-encoded `docs%2Fusage` arrives already decoded, and the second decode leaves it alone).
 */
@Injectable()
export class ComponentTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly components: ComponentLookup,
  ) {}

  onModuleInit(): void {
    this.targets.register('component', async (params, generation) => {
      const path = decodeComponentPath(params.component);
      const context = params.project && path ? await this.components.findByPath(params.project, path, generation) : null;
      return context ? { entity: context, scope: componentScope(context) } : null;
    });
  }
}

export function decodeComponentPath(segment: string | undefined): string | null {
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
