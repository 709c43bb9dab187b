import { PermissionDeniedError } from '../core/errors/domain-error';
import type { TranslationContext } from '../translations/translation-context';

/**
 * Whether strings may be added to or removed from a translation, beyond the caller's permissions: the one place
 * for Weblate's rules, used by the units API and by uploads that add strings. A component whose `manage_units`
 * is off keeps the strings its files have; a monolingual component's strings are its template's keys, managed in
 * the source language only.
 */
export function assertCanAddUnits(translation: TranslationContext): void {
  const { component } = translation.component;
  if (!component.manageUnits) throw new PermissionDeniedError('Adding strings is disabled in the component configuration.');
  if (component.template !== '' && !translation.translation.isSource) {
    throw new PermissionDeniedError('Strings can be added only to the source language of a monolingual component.');
  }
}

export function assertCanDeleteUnits(translation: TranslationContext): void {
  const { component } = translation.component;
  if (!component.manageUnits) throw new PermissionDeniedError('Removing strings is disabled in the component configuration.');
  if (component.template !== '' && !translation.translation.isSource) {
    throw new PermissionDeniedError('Strings can be removed only from the source language of a monolingual component.');
  }
}
