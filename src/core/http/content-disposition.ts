/** `attachment` with a plain quoted filename where that is safe, plus the RFC 6266 encoded form for anything else. */
export function contentDisposition(name: string): string {
  if (/^[\w.-]+$/.test(name)) return `attachment; filename="${name}"`;
  const fallback = name.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
