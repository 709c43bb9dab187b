import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { ComponentLookup } from './component-lookup';
import { ComponentLookupRepository } from './component-lookup.repository';

/**
 * Finding components, for the modules ComponentsModule itself depends on (translations, units): they import this
 * instead of ComponentsModule, so the dependency runs one way. ComponentsModule finds components through it too.
 */
@Module({
  imports: [LanguagesModule],
  providers: [ComponentLookupRepository, ComponentLookup],
  exports: [ComponentLookup],
})
export class ComponentLookupModule {}
