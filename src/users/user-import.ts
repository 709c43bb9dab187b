import { isEmail } from 'class-validator';
import { USERNAME_PATTERN } from './dto/create-user.dto';

/**
 * `cli import-users`: accounts exported from another installation, as a JSON array of objects with
 * username, full_name (or first_name + last_name), email, is_active, is_superuser and date_joined; other
 * keys (passwords among them: their hashes are not ours to verify) are ignored. The whole file is checked
 * before anything is written, and then written in one transaction, so an import is all or nothing.
 */

export interface ImportedUser {
  username: string;
  fullName: string;
  email: string;
  isActive: boolean;
  isSuperuser: boolean;
  /** Null when the export has none: the account then counts as joined at import time. */
  dateJoined: Date | null;
}

/** Every problem in the file, one line each, naming the entry (0-based, as in the array) and the field. */
export class UserImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`nothing imported; ${problems.length} problem(s) in the file:\n${problems.join('\n')}`);
  }
}

export interface SkippedUser {
  username: string;
  reason: string;
}

export interface UserImportResult {
  /** With `check`, the usernames that would be created. */
  created: string[];
  skipped: SkippedUser[];
}

type Entry = Record<string, unknown>;

const isObject = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates a parsed export file; throws UserImportError listing every problem. */
export function parseUserExport(data: unknown): ImportedUser[] {
  if (!Array.isArray(data)) throw new UserImportError(['the file must hold a JSON array of user objects']);
  const problems: string[] = [];
  const users: ImportedUser[] = [];
  const usernames = new Map<string, number>();
  const emails = new Map<string, number>();
  data.forEach((raw: unknown, index) => {
    // Django's dumpdata wraps each row as {model, pk, fields}; accept that shape as well.
    const entry = isObject(raw) && typeof raw.model === 'string' && isObject(raw.fields) ? raw.fields : raw;
    if (!isObject(entry)) {
      problems.push(`entry ${index}: expected an object`);
      return;
    }
    const label = typeof entry.username === 'string' ? `entry ${index} (${entry.username})` : `entry ${index}`;
    const report = (field: string, message: string) => problems.push(`${label}: ${field}: ${message}`);
    const user = parseEntry(entry, report);
    if (!user) return;
    const sameName = usernames.get(user.username);
    if (sameName !== undefined) report('username', `duplicate of entry ${sameName}`);
    usernames.set(user.username, sameName ?? index);
    const email = user.email.toLowerCase();
    const sameEmail = email ? emails.get(email) : undefined;
    if (sameEmail !== undefined) report('email', `same address as entry ${sameEmail}`);
    if (email) emails.set(email, sameEmail ?? index);
    users.push(user);
  });
  if (problems.length > 0) throw new UserImportError(problems);
  return users;
}

/** One entry's fields, or null after reporting what is wrong with them. Null values count as absent. */
function parseEntry(entry: Entry, report: (field: string, message: string) => void): ImportedUser | null {
  let problems = 0;
  const fail = (field: string, message: string) => {
    problems++;
    report(field, message);
  };

  const username = entry.username;
  if (typeof username !== 'string') fail('username', 'required, must be a string');
  else if (!USERNAME_PATTERN.test(username)) fail('username', 'must be 1 to 150 letters, digits and @.+-_');

  const text = (field: string): string => {
    const value = entry[field] ?? '';
    if (typeof value === 'string') return value;
    fail(field, 'must be a string');
    return '';
  };
  const fullName = (entry.full_name != null ? text('full_name') : `${text('first_name')} ${text('last_name')}`).trim();
  if (fullName.length > 150) fail('full_name', 'at most 150 characters');

  const email = text('email');
  if (email && (email.length > 254 || !isEmail(email))) fail('email', `not a valid email address: ${email}`);

  const flag = (field: string, fallback: boolean): boolean => {
    const value = entry[field] ?? fallback;
    if (typeof value === 'boolean') return value;
    fail(field, 'must be true or false');
    return fallback;
  };
  const isActive = flag('is_active', true);
  const isSuperuser = flag('is_superuser', false);

  let dateJoined: Date | null = null;
  if (entry.date_joined != null) {
    const value = entry.date_joined;
    // Date() also reads "5" or "May 2" as dates; an export carries ISO 8601 timestamps.
    dateJoined = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
    if (!dateJoined || Number.isNaN(dateJoined.getTime())) fail('date_joined', 'must be an ISO 8601 date or timestamp');
  }

  if (problems > 0) return null;
  return { username: username as string, fullName: fullName || (username as string), email, isActive, isSuperuser, dateJoined };
}
