import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import type { ComponentContext } from '../components/component-context';
import { ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { contentDisposition } from '../core/http/content-disposition';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { percent } from '../languages/statistics.serializer';
import { Project } from '../projects/project.entity';
import { TranslationsService } from '../translations/translations.service';
import { COMPONENT_COLUMNS, ExportRow, PROJECT_COLUMNS, renderStatistics } from './statistics-export';

/**
 * The statistics export Weblate deprecated in 2.6 and scripts still read: one row per translation of a
 * component (or per language of a project), from the stored aggregates, as JSON or CSV.
 */
@ApiTags('exports')
@Controller('exports/stats')
@SkipThrottle()
export class StatisticsExportController {
  constructor(private readonly translations: TranslationsService) {}

  @Get(':project/:component')
  @ViewTarget('component')
  async component(@Target() context: ComponentContext, @Query('format') format: unknown, @Urls() urls: UrlBuilder, @Res() res: Response): Promise<void> {
    const rows = (await this.translations.allComponentStatistics(context, urls)).map((row) => ({ ...row, translate_url: row.url_translate }));
    send(res, rows, COMPONENT_COLUMNS, format, `stats-${context.project.slug}-${context.component.slug}.csv`);
  }

  @Get(':project')
  @ViewTarget('project')
  async project(@Target() project: Project, @Query('format') format: unknown, @Res() res: Response): Promise<void> {
    const rows = (await this.translations.allProjectLanguages(project)).map((row) => ({
      language: row.name,
      code: row.code,
      total: row.total,
      translated: row.translated,
      translated_percent: percent(row.translated, row.total),
      total_words: row.totalWords,
      translated_words: row.translatedWords,
      translated_words_percent: percent(row.translatedWords, row.totalWords),
      total_chars: row.totalChars,
      translated_chars: row.translatedChars,
      translated_chars_percent: percent(row.translatedChars, row.totalChars),
    }));
    send(res, rows, PROJECT_COLUMNS, format, `stats-${project.slug}.csv`);
  }
}

function send(res: Response, rows: ExportRow[], columns: readonly string[], format: unknown, filename: string): void {
  const { contentType, body } = renderStatistics(rows, columns, format);
  res.setHeader('Content-Type', contentType);
  if (format === 'csv') res.setHeader('Content-Disposition', contentDisposition(filename));
  res.send(body);
}
