import type { UserPermissions } from '../../auth/user-permissions';
import { ValidationError } from '../../core/errors/domain-error';
import type { UrlBuilder } from '../../core/urls/url-builder';
import type { UploadDto } from '../dto/upload.dto';

export const UPLOAD_METHODS = ['translate', 'approve', 'suggest', 'fuzzy', 'replace', 'source', 'add'] as const;
export type UploadMethod = (typeof UPLOAD_METHODS)[number];

/** `ignore` is the old name of the default: strings that are already translated are left alone. */
export const CONFLICTS = ['', 'ignore', 'replace-translated', 'replace-approved'] as const;
export type Conflicts = (typeof CONFLICTS)[number];

export const FUZZY = ['', 'process', 'approve'] as const;
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

/** The options an upload's fields ask for, with Weblate's defaults for those left out. */
export function readUploadOptions(fields: UploadDto): UploadOptions {
  const method = fields.method ?? 'translate';
  const conflicts = fields.conflicts ?? (fields.overwrite === true ? 'replace-translated' : '');
  const fuzzy = fields.fuzzy ?? '';
  const name = fields.author_name?.trim() || fields.author?.trim() || '';
  const email = fields.author_email?.trim() || fields.email?.trim() || '';
  if ((name || email) && !email) throw ValidationError.field('author_email', 'This field is required when author name is given.', 'required');
  return { method, conflicts, fuzzy, author: email ? { name: name || email, email } : null };
}
