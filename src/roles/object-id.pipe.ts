import { Injectable, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../core/errors/domain-error';

/** The largest value of a PostgreSQL `serial` column. */
const MAX_ID = 2_147_483_647;

/** Whether a number can be the id of a row; anything else would make PostgreSQL fail the query. */
export function isObjectId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/**
 * A numeric id from the path. Anything that cannot be a row id (`abc`, `-1`, 2^31) names no object, so it is
 * a 404 as in Weblate's `[0-9]+` routes, never a 400 or a database error.
 */
@Injectable()
export class ObjectIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
    if (!isObjectId(id)) throw new NotFoundError();
    return id;
  }
}
