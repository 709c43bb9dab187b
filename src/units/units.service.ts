import { Inject, Injectable } from '@nestjs/common';
import { ProjectVisibility } from '../auth/user-permissions';
import { AppConfig } from '../config/app-config';
import { ServiceUnavailableError, ValidationError } from '../core/errors/domain-error';
import { buildPage, PageRequest } from '../core/pagination/page';
import { ConcurrencyCaps, ConcurrencyLimits } from '../core/rate-limit/concurrency-limits';
import { UrlBuilder } from '../core/urls/url-builder';
import { CompiledQuery, compileQuery, QuerySyntaxError, selectsEveryUnit } from './search';
import type { TranslationContext } from '../translations/translation-context';
import { PageUnit, UnitFilter, UnitsRepository } from './units.repository';
import { TranslationUnitsJson } from './unit-json.sql';
import { JsonText } from '../core/http/json-text';
import { isPgError, PG_ERROR } from '../database/pg-error';
import { MESSAGES } from '../core/validation/field-rules';

/** How long a unit list waits for a free slot before it is refused: long enough to ride out a burst. */
const SLOT_WAIT_MS = 2_000;

/**
 * Unit lists: a `q` search over the visible units, or over one translation's units in file order. A search can
 * cost the database far more than its request costs the caller, so each one runs within a statement budget
 * (SEARCH_TIMEOUT_MS) and holds one of a few slots (SEARCH_CONCURRENCY_*): searches never take every connection.
 */
@Injectable()
export class UnitsService {
  private readonly caps: ConcurrencyCaps;

  constructor(
    private readonly units: UnitsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly limits: ConcurrencyLimits,
  ) {
    const { perCaller, total } = config.searchConcurrency;
    this.caps = {
      perCaller,
      total,
      waitMs: SLOT_WAIT_MS,
      callerBusy: `Too many unit searches of yours are running (at most ${perCaller} at a time); try again when one has finished.`,
      allBusy: 'The server is running as many unit searches as it can; try again shortly.',
    };
  }

  /**
   * `caller`: the client key the per-caller cap counts against. A translation's list without a search is one
   * statement counted from the translation's stored statistics; other lists read the page's ids in a transaction
   * bounded by the search budget, then write the page's rows.
   */
  async list(scope: { visibility: ProjectVisibility } | { translation: TranslationContext }, q: unknown, request: PageRequest, urls: UrlBuilder, caller: string): Promise<JsonText> {
    const search = compileSearch(q);
    const known = 'translation' in scope ? [scope.translation] : [];
    return this.limits.run('unit-search', caller, this.caps, async () => {
      if ('translation' in scope && selectsEveryUnit(search)) {
        const { translation } = scope.translation;
        const stored = { count: translation.total, dense: translation.positionsDense };
        const read = await this.units.translationPageJson(unitsJsonOf(scope.translation, urls), stored, request, urls.units());
        if (read) return pageJson(read.page, translation.total, read.json);
      }
      const filter = 'translation' in scope ? { translationId: scope.translation.translation.id, search } : { ...scope, search };
      const { count, page, units } = await this.read(filter, request);
      return pageJson(page, count, await this.units.pageJson(units, await this.urlsOfTranslations(units, known, urls), urls.units()));
    });
  }

  /** The URLs of the page's translations: from those already loaded, and the others' slugs read. */
  private async urlsOfTranslations(units: readonly PageUnit[], known: readonly TranslationContext[], urls: UrlBuilder): Promise<TranslationUnitsJson[]> {
    const missing = [...new Set(units.map((unit) => unit.translationId))].filter((id) => !known.some((context) => context.translation.id === id));
    const read = (await this.units.urlPartsOf(missing)).map((parts) => unitsJson(parts, urls));
    return [...known.map((context) => unitsJsonOf(context, urls)), ...read];
  }

  private async read(filter: UnitFilter, request: PageRequest): ReturnType<UnitsRepository['readPage']> {
    try {
      return await this.units.readPage(filter, request, this.config.searchTimeoutMs);
    } catch (error) {
      // A regular expression JavaScript accepts but PostgreSQL does not (SQLSTATE 2201B).
      if (isPgError(error, PG_ERROR.invalidRegularExpression)) {
        throw ValidationError.field('q', `Could not parse query string: ${(error.driverError as Error).message}`);
      }
      if (isPgError(error, PG_ERROR.queryCanceled)) {
        throw new ServiceUnavailableError(
          `The search took longer than ${this.config.searchTimeoutMs / 1000} s and was cancelled; narrow it down (fewer or simpler terms, one project or translation) and try again.`,
        );
      }
      throw error;
    }
  }
}

/** The page envelope around the rows PostgreSQL wrote. */
function pageJson(page: PageRequest, count: number, results: string): JsonText {
  return JsonText.object({ ...buildPage(page, count, []), results: new JsonText(results) });
}

function unitsJsonOf(context: TranslationContext, urls: UrlBuilder): TranslationUnitsJson {
  const parts = { translationId: context.translation.id, projectSlug: context.component.project.slug, componentPath: context.component.path, languageCode: context.translation.languageCode };
  return unitsJson(parts, urls);
}

function unitsJson(parts: { translationId: number; projectSlug: string; componentPath: string; languageCode: string }, urls: UrlBuilder): TranslationUnitsJson {
  const { translation, editor } = urls.unitsOf(parts.projectSlug, parts.componentPath, parts.languageCode);
  return { translationId: parts.translationId, url: translation, languageCode: parts.languageCode, editor };
}

/** The `q` of a unit search compiled, or a 400 naming `q` when it is not a search Weblate would understand. */
export function compileSearch(q: unknown): CompiledQuery {
  if (q !== undefined && typeof q !== 'string') throw ValidationError.field('q', MESSAGES.string);
  try {
    return compileQuery(q ?? '');
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw ValidationError.field('q', `Could not parse query string: ${error.message}`);
    throw error;
  }
}
