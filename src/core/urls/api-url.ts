/**
 * The path segments after `/api/<collection>/` in a related-object link a client sent, such as
 * `http://host/api/projects/hello/` → ['hello']. Clients send back the absolute URLs we gave them, but a
 * proxy may have changed the host, so only the path is compared. Null when the value is no such link.
 */
export function apiUrlSegments(value: unknown, collection: string): string[] | null {
  if (typeof value !== 'string' || value === '') return null;
  let path: string;
  try {
    path = new URL(value, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  const prefix = `/api/${collection}/`;
  const at = path.indexOf(prefix);
  if (at < 0) return null;
  const segments = path.slice(at + prefix.length).split('/').filter(Boolean);
  try {
    return segments.length > 0 ? segments.map((segment) => decodeURIComponent(segment)) : null;
  } catch {
    return null;
  }
}
