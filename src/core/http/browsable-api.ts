/**
 * The `?format=api` rendering: the same JSON, pretty-printed in an HTML page whose URLs are links (each link
 * keeps `format=api`, so a person can browse the API from the root).
 */
export function renderBrowsableApi(options: { method: string; path: string; status: number; allow?: string; body: unknown }): string {
  const json = options.body === undefined ? '' : JSON.stringify(options.body, null, 2);
  const linked = escapeHtml(json).replace(/&quot;(https?:\/\/[^&\s]+?)&quot;/g, (_match, url: string) => {
    return `&quot;<a href="${withApiFormat(url)}">${url}</a>&quot;`;
  });
  const title = `${escapeHtml(options.method)} ${escapeHtml(options.path)}`;
  const allow = options.allow ? `\nAllow: ${escapeHtml(options.allow)}` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:2em}pre{background:#f6f8fa;padding:1em;overflow:auto}</style></head>
<body>
<h1>${title}</h1>
<pre>HTTP ${options.status}${allow}
Content-Type: application/json</pre>
<pre>${linked}</pre>
</body>
</html>
`;
}

/** `url` is already HTML-escaped, so its `&` separators read `&amp;`. */
function withApiFormat(url: string): string {
  if (/(\?|&amp;)format=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&amp;' : '?'}format=api`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
