/**
 * Renders Weblate's commit message templates, which use Django template syntax. Only variable output
 * (`{{ name }}`, `{{ stats.translated }}`) is supported, which is what the default templates and nearly all
 * configured ones use; an unknown variable renders empty, as in Django.
 */
export function renderMessage(template: string, variables: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g, (_match, name: string) => {
    let value: unknown = variables;
    for (const part of name.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null ? '' : String(value);
  });
}
