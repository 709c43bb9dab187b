import { Injectable } from '@nestjs/common';

/** The raw aggregates a statistics object is built from; percentages are derived from them when serializing. */
export interface StatisticsCounts {
  total: number;
  totalWords: number;
  totalChars: number;
  translated: number;
  translatedWords: number;
  translatedChars: number;
  fuzzy: number;
  failing: number;
  approved: number;
  readonly: number;
  suggestions: number;
  comments: number;
  recentChanges: number;
  lastChange: Date | null;
}

export const NO_STRINGS: StatisticsCounts = {
  total: 0,
  totalWords: 0,
  totalChars: 0,
  translated: 0,
  translatedWords: 0,
  translatedChars: 0,
  fuzzy: 0,
  failing: 0,
  approved: 0,
  readonly: 0,
  suggestions: 0,
  comments: 0,
  recentChanges: 0,
  lastChange: null,
};

/** Where the per-language aggregates come from; an injection token, so the translations module can supply them. */
export abstract class LanguageCountsSource {
  abstract forLanguage(languageId: number): Promise<StatisticsCounts>;
}

/** Until translations are stored, no language has any strings. */
@Injectable()
export class NoTranslationsCountsSource extends LanguageCountsSource {
  forLanguage(): Promise<StatisticsCounts> {
    return Promise.resolve(NO_STRINGS);
  }
}
