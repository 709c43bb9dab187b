import { DomainError } from '../core/errors/domain-error';

/** Writes to a locked component wait for its unlock, as Weblate answers them. */
export class ComponentLockedError extends DomainError {
  readonly status = 423;
  readonly code = 'locked';

  constructor() {
    super('The component is locked.');
  }
}
