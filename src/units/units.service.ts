import { Injectable } from '@nestjs/common';
import { ProjectVisibility } from '../auth/user-permissions';
import { ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { CompiledQuery, compileQuery, QuerySyntaxError } from './search';
import { serializeUnit, UnitResponse } from './unit.serializer';
import { UnitsRepository } from './units.repository';
import { isPgError, PG_ERROR } from '../database/pg-error';
import { MESSAGES } from '../core/validation/field-rules';

/** Unit lists: a `q` search over the visible units, or over one translation's units in file order. */
@Injectable()
export class UnitsService {
  constructor(private readonly units: UnitsRepository) {}

  async list(scope: { visibility: ProjectVisibility } | { translationId: number }, q: unknown, request: PageRequest, urls: UrlBuilder): Promise<Page<UnitResponse>> {
    const search = compileSearch(q);
    const filter = { ...scope, search };
    try {
      const count = await this.units.count(filter);
      return paginate(request, count, async (offset, limit) => {
        const rows = await this.units.page(filter, offset, limit);
        return rows.map((row) => serializeUnit(row, urls));
      });
    } catch (error) {
      // A regular expression JavaScript accepts but PostgreSQL does not (SQLSTATE 2201B).
      if (isPgError(error, PG_ERROR.invalidRegularExpression)) {
        throw ValidationError.field('q', `Could not parse query string: ${(error.driverError as Error).message}`);
      }
      throw error;
    }
  }
}

function compileSearch(q: unknown): CompiledQuery {
  if (q !== undefined && typeof q !== 'string') throw ValidationError.field('q', MESSAGES.string);
  try {
    return compileQuery(q ?? '');
  } catch (error) {
    if (error instanceof QuerySyntaxError) throw ValidationError.field('q', `Could not parse query string: ${error.message}`);
    throw error;
  }
}
