import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ComponentContext } from '../components/component-context';
import type { TranslationContext } from './translation-context';
import { TranslationsRepository } from './translations.repository';

/** How other modules find translations: the translations module's queries stay behind this. */
@Injectable()
export class TranslationLookup {
  constructor(private readonly translations: TranslationsRepository) {}

  findInComponent(component: ComponentContext, code: string): Promise<TranslationContext | null> {
    return this.translations.findInComponent(component, code);
  }

  findByIds(ids: readonly number[]): Promise<TranslationContext[]> {
    return this.translations.findByIds(ids);
  }

  /** With an access generation (see `LoadTarget`), its component and language come from caches kept under it. */
  findOfUnit(unitId: number, generation?: string): Promise<TranslationContext | null> {
    return this.translations.findOfUnit(unitId, generation);
  }

  /** Whether the component has a translation into the language. */
  existsFor(componentId: number, languageId: number): Promise<boolean> {
    return this.translations.existsFor(componentId, languageId);
  }

  /** The id of the component's translation into the language, read in the caller's transaction. */
  idFor(manager: EntityManager, componentId: number, languageId: number): Promise<number | null> {
    return this.translations.idFor(manager, componentId, languageId);
  }

  /** Every translation of the component, source included, ordered by language. */
  allOfComponent(component: ComponentContext): Promise<TranslationContext[]> {
    return this.translations.pageOfComponent(component);
  }
}
