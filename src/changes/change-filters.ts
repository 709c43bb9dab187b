import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { FieldError, ValidationError } from '../core/errors/domain-error';
import { requestContext } from '../core/http/request-context';
import { isChangeAction } from './change-actions';

/** The query of every change list (Weblate's ChangeFilter). Absent fields do not filter. */
export interface ChangeFilters {
  username?: string;
  actions?: number[];
  after?: Date;
  before?: Date;
}

/**
 * Reads `user`, `action` (repeatable), `timestamp_after` and `timestamp_before` as django-filter does:
 * an unknown action or a malformed date is a 400 naming the filter, never an empty list.
 */
export function parseChangeFilters(query: URLSearchParams): ChangeFilters {
  const filters: ChangeFilters = {};
  const errors: FieldError[] = [];
  const username = query.get('user');
  if (username) filters.username = username;

  const actions = query.getAll('action').filter((value) => value !== '');
  for (const value of actions) {
    if (!/^\d{1,4}$/.test(value) || !isChangeAction(Number(value))) {
      errors.push({ code: 'invalid_choice', detail: `Select a valid choice. ${value} is not one of the available choices.`, attr: 'action' });
    }
  }
  if (actions.length > 0) filters.actions = [...new Set(actions.map(Number))];

  for (const [name, key] of [['timestamp_after', 'after'], ['timestamp_before', 'before']] as const) {
    const value = query.get(name);
    if (!value) continue;
    const parsed = parseIsoDateTime(value);
    if (parsed) filters[key] = parsed;
    else errors.push({ code: 'invalid', detail: 'Enter a valid date/time.', attr: 'timestamp' });
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return filters;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * ISO 8601 as Django's IsoDateTimeField reads it: a date, optionally with a time and an offset; a date or
 * time without offset is UTC (the server's time zone). Impossible dates (February 30th) are invalid.
 */
export function parseIsoDateTime(value: string): Date | null {
  const match = ISO_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', offset] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const millis = Math.floor(Number(`0.${fraction}`) * 1000);
  const utc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], millis);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== fields[0] || check.getUTCMonth() !== fields[1] - 1 || check.getUTCDate() !== fields[2] ||
    check.getUTCHours() !== fields[3] || check.getUTCMinutes() !== fields[4] || check.getUTCSeconds() !== fields[5]
  ) {
    return null;
  }
  const shift = offsetMinutes(offset);
  return shift === null ? null : new Date(utc - shift * 60_000);
}

function offsetMinutes(offset: string | undefined): number | null {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return null;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** The change-list filters of this request's query string. */
export const ChangeQuery = createParamDecorator((_data: unknown, ctx: ExecutionContext): ChangeFilters => {
  return parseChangeFilters(requestContext(ctx.switchToHttp().getRequest<Request>()).currentUrl.searchParams);
});
