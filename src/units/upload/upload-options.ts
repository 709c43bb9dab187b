import type { UserPermissions } from '../../auth/user-permissions';
import { ValidationError } from '../../core/errors/domain-error';
import type { UrlBuilder } from '../../core/urls/url-builder';
import { MESSAGES } from '../../core/validation/field-rules';

const UPLOAD_METHODS = ['translate', 'approve', 'suggest', 'fuzzy', 'replace', 'source', 'add'] as const;
type UploadMethod = (typeof UPLOAD_METHODS)[number];

/** `ignore` is the old name of the default: strings that are already translated are left alone. */
const CONFLICTS = ['', 'ignore', 'replace-translated', 'replace-approved'] as const;
export type Conflicts = (typeof CONFLICTS)[number];

const FUZZY = ['', 'process', 'approve'] as const;
export type FuzzyHandling = (typeof FUZZY)[number];

export interface UploadOptions {
  method: UploadMethod;
  conflicts: Conflicts;
  fuzzy: FuzzyHandling;
  /** Credit the strings to someone else (needs upload.authorship). */
  author: { name: string; email: string } | null;
}

/** The counts an upload answers with (Weblate's upload response). */
export interface UploadResult {
  not_found: number;
  skipped: number;
  accepted: number;
  total: number;
  result: boolean;
  count: number;
}

export interface Uploader {
  permissions: UserPermissions;
  userId: number | null;
  /** The request's URLs, for the absolute link in the commit message of a replaced file. */
  urls: UrlBuilder;
}

/** Reads the multipart fields of an upload (Weblate UploadRequestSerializer), naming the field at fault. */
export function readUploadOptions(body: Record<string, unknown>): UploadOptions {
  const method = choice(body, 'method', UPLOAD_METHODS, 'translate');
  // Older clients (wlc --overwrite) send `overwrite=yes` where newer ones send conflicts=replace-translated.
  const conflicts = body.conflicts === undefined && isYes(body.overwrite) ? 'replace-translated' : choice(body, 'conflicts', CONFLICTS, '');
  const fuzzy = choice(body, 'fuzzy', FUZZY, '');
  const name = text(body, 'author_name') || text(body, 'author');
  const email = text(body, 'author_email') || text(body, 'email');
  if ((name || email) && !email) throw ValidationError.field('author_email', 'This field is required when author name is given.', 'required');
  return { method, conflicts, fuzzy, author: email ? { name: name || email, email } : null };
}

function choice<T extends string>(body: Record<string, unknown>, field: string, allowed: readonly T[], fallback: T): T {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw ValidationError.field(field, MESSAGES.choice({ value: value }), 'invalid_choice');
  }
  return value as T;
}

function isYes(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['yes', 'true', 'on', '1'].includes(value.toLowerCase()));
}

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  return typeof value === 'string' ? value.trim() : '';
}
