import type { ComponentContext } from '../components/component-context';
import type { Language } from '../languages/language.entity';
import type { Translation } from './translation.entity';

/** A translation with what links, access checks and serialization need from around it. */
export interface TranslationContext {
  translation: Translation;
  language: Language;
  component: ComponentContext;
  /** Full name of the last author; null when nobody changed it yet. */
  lastAuthor: string | null;
}

/** The target of a translation's statistics route: the translation and its `recent_changes`, read together. */
export interface TranslationStatisticsTarget {
  context: TranslationContext;
  recentChanges: number;
}
