import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { ComponentLookup } from './component-lookup';
import { ComponentsRepository } from './components.repository';

/**
 * Finding components, for the modules ComponentsModule itself depends on (translations, units): they import this
 * instead of ComponentsModule, so the dependency runs one way.
 */
@Module({
  imports: [LanguagesModule],
  providers: [ComponentsRepository, ComponentLookup],
  exports: [ComponentLookup],
})
export class ComponentLookupModule {}
