import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { ComponentLookup } from './component-lookup';
import { ComponentsRepository } from './components.repository';

/**
 * Finding components, for the modules ComponentsModule itself depends on (translations, units): they import this
 * instead of ComponentsModule, so the dependency runs one way. The repository is exported for ComponentsModule
 * alone, so the domain has one; other folders cannot import its file (dependency-cruiser refuses it).
 */
@Module({
  imports: [LanguagesModule],
  providers: [ComponentsRepository, ComponentLookup],
  exports: [ComponentLookup, ComponentsRepository],
})
export class ComponentLookupModule {}
