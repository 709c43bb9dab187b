import { UrlBuilder } from '../core/urls/url-builder';
import { Language } from './language.entity';
import { StatisticsCounts } from './statistics-counts';
import { serializeStatistics, StatisticsNumbers } from './statistics.serializer';

interface PluralResponse {
  id: number;
  source: number;
  number: number;
  formula: string;
  type: number;
}

export interface LanguageResponse {
  id: number;
  code: string;
  name: string;
  plural: PluralResponse | null;
  aliases: string[];
  direction: string;
  population: number;
  web_url: string;
  url: string;
  statistics_url: string;
}

export function serializeLanguage(language: Language, urls: UrlBuilder): LanguageResponse {
  const plural = language.plurals?.[0];
  return {
    id: language.id,
    code: language.code,
    name: language.name,
    plural: plural ? { id: plural.id, source: plural.source, number: plural.number, formula: plural.formula, type: plural.type } : null,
    aliases: language.aliases,
    direction: language.direction,
    population: language.population,
    web_url: urls.languageWeb(language.code),
    url: urls.language(language.code),
    statistics_url: urls.languageStatistics(language.code),
  };
}

export interface LanguageStatisticsResponse extends StatisticsNumbers {
  name: string;
  code: string;
  url: string;
  url_translate: string;
}

export function serializeLanguageStatistics(language: Language, counts: StatisticsCounts, urls: UrlBuilder): LanguageStatisticsResponse {
  return {
    ...serializeStatistics(counts),
    name: language.name,
    code: language.code,
    url: urls.language(language.code),
    url_translate: urls.languageWeb(language.code),
  };
}
