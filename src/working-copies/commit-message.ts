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

/** What a commit message can tell about the translation it commits. */
export interface MessageSubject {
  project: { name: string; slug: string };
  component: { name: string; slug: string };
  language: { name: string; code: string };
  /** The translation's absolute URL (SITE_URL, else the base URL of the request that led to the commit). */
  url: string;
  siteTitle: string;
  /** The translation's counts once the commit is made, when known. */
  stats?: { total: number; translated: number; fuzzy: number; approved: number };
}

/** The Django-template variables of Weblate's commit messages: one builder for every commit the server makes. */
export function messageVariables(subject: MessageSubject): Record<string, unknown> {
  const { project, component, language, stats } = subject;
  return {
    project_name: project.name,
    project_slug: project.slug,
    component_name: component.name,
    component_slug: component.slug,
    language_name: language.name,
    language_code: language.code,
    site_title: subject.siteTitle,
    url: subject.url,
    ...(stats && {
      stats: {
        all: stats.total,
        total: stats.total,
        translated: stats.translated,
        fuzzy: stats.fuzzy,
        approved: stats.approved,
        translated_percent: stats.total ? Math.round((1000 * stats.translated) / stats.total) / 10 : 100,
      },
    }),
  };
}
