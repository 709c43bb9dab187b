import { Transform } from 'class-transformer';

/**
 * Form-urlencoded and multipart bodies carry every value as a string. These turn the spellings Weblate's
 * clients send ("true", "1", "on"; "5") into booleans and integers, and leave anything else for the
 * validators to reject with a field error.
 */
export function ToBoolean(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 0) return value === 1;
    if (typeof value !== 'string') return value;
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
    if (['false', '0', 'no', 'off'].includes(normalized)) return false;
    return value;
  });
}

export function ToInteger(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value));
}
