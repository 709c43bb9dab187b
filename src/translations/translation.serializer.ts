import type { CategoryRow } from '../categories/category-row';
import { serializeComponent } from '../components/component.serializer';
import { TranslationPart, UrlBuilder } from '../core/urls/url-builder';
import { serializeLanguage } from '../languages/language.serializer';
import { pickCounts, StatisticsCounts } from '../languages/statistics-counts';
import { percent, serializeStatistics, StatisticsNumbers } from '../languages/statistics.serializer';
import { Project } from '../projects/project.entity';
import { Translation } from './translation.entity';
import { ProjectLanguageRow } from './translations.repository';
import type { TranslationContext } from './translation-context';
import type { UserPermissions } from '../auth/user-permissions';

function translationCounts(t: Translation, recentChanges: number): StatisticsCounts {
  return { ...pickCounts(t), recentChanges, lastChange: t.lastChange };
}

/**
 * The translation object. Items of a component's translations list leave out the embedded component
 * (Weblate's ComponentTranslation): the list's caller already has it, and clients re-read `url` for it.
 */
export function serializeTranslation(context: TranslationContext, urls: UrlBuilder, { embedComponent, viewer }: { embedComponent: boolean; viewer?: UserPermissions }) {
  const { translation: t, language, component, lastAuthor } = context;
  const projectSlug = component.project.slug;
  const part = (name: TranslationPart) => urls.translationPart(projectSlug, component.path, t.languageCode, name);
  return {
    language: serializeLanguage(language, urls),
    ...(embedComponent ? { component: serializeComponent(component, urls, viewer) } : {}),
    language_code: t.languageCode,
    id: t.id,
    filename: t.filename,
    revision: t.revision,
    web_url: urls.translationWeb(projectSlug, component.path, t.languageCode),
    share_url: urls.engageWeb(projectSlug, language.code),
    translate_url: urls.translateWeb(projectSlug, component.path, t.languageCode),
    url: urls.translation(projectSlug, component.path, t.languageCode),
    is_template: t.isTemplate,
    is_source: t.isSource,
    total: t.total,
    total_words: t.totalWords,
    total_chars: t.totalChars,
    translated: t.translated,
    translated_words: t.translatedWords,
    translated_chars: t.translatedChars,
    translated_percent: percent(t.translated, t.total),
    fuzzy: t.fuzzy,
    fuzzy_words: t.fuzzyWords,
    fuzzy_chars: t.fuzzyChars,
    fuzzy_percent: percent(t.fuzzy, t.total),
    failing_checks: t.failing,
    failing_checks_words: t.failingWords,
    failing_checks_percent: percent(t.failing, t.total),
    approved: t.approved,
    approved_words: t.approvedWords,
    approved_chars: t.approvedChars,
    approved_percent: percent(t.approved, t.total),
    readonly: t.readonly,
    readonly_words: t.readonlyWords,
    readonly_chars: t.readonlyChars,
    readonly_percent: percent(t.readonly, t.total),
    have_suggestion: t.suggestions,
    have_comment: t.comments,
    last_change: t.lastChange?.toISOString() ?? null,
    last_author: lastAuthor,
    repository_url: part('repository'),
    statistics_url: part('statistics'),
    changes_list_url: part('changes'),
    file_url: part('file'),
    units_list_url: part('units'),
  };
}

export type TranslationResponse = ReturnType<typeof serializeTranslation>;

export interface TranslationStatisticsResponse extends StatisticsNumbers {
  name: string;
  code: string;
  url: string;
  url_translate: string;
  last_author: string | null;
}

/** As Weblate: `url` is the share (engage) page, `url_translate` the translation page. */
export function serializeTranslationStatistics(context: TranslationContext, recentChanges: number, urls: UrlBuilder): TranslationStatisticsResponse {
  const { translation: t, language, component } = context;
  return {
    ...serializeStatistics(translationCounts(t, recentChanges)),
    name: language.name,
    code: language.code,
    url: urls.engageWeb(component.project.slug, language.code),
    url_translate: urls.translateWeb(component.project.slug, component.path, t.languageCode),
    last_author: context.lastAuthor,
  };
}

export interface ProjectStatisticsResponse extends StatisticsNumbers {
  name: string;
  url: string;
  url_translate?: string;
}

export function serializeProjectStatistics(project: Project, counts: StatisticsCounts, urls: UrlBuilder): ProjectStatisticsResponse {
  return {
    ...serializeStatistics(counts),
    name: project.name,
    url: urls.engageWeb(project.slug),
    url_translate: urls.projectWeb(project.slug),
  };
}

export function serializeCategoryStatistics(row: CategoryRow, counts: StatisticsCounts, urls: UrlBuilder): ProjectStatisticsResponse {
  return { ...serializeStatistics(counts), name: row.category.name, url: urls.category(row.category.id) };
}

export function serializeProjectLanguage(row: ProjectLanguageRow) {
  return {
    language: row.name,
    code: row.code,
    total: row.total,
    translated: row.translated,
    translated_percent: percent(row.translated, row.total),
    total_words: row.totalWords,
    translated_words: row.translatedWords,
    words_percent: percent(row.translatedWords, row.totalWords),
  };
}

export type ProjectLanguageResponse = ReturnType<typeof serializeProjectLanguage>;
