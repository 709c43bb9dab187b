import { applyDecorators } from '@nestjs/common';
import { Expose, plainToInstance, Transform } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { IntegerField, Required, TextField } from '../../core/validation/field-rules';

export class PluralDto {
  @Required()
  @IntegerField(1, 10)
  number: number;

  /** Real formulas stay under 400 characters; the cap keeps parsing and the 0..1000 check cheap. */
  @Required()
  @TextField(1000)
  formula: string;
}

/**
 * The plural object from any body type: a JSON object, a JSON text in a form field, or the flat form
 * fields `plural.number` and `plural.formula`. Other values are passed on for the validators to refuse.
 */
function pluralFromBody(body: Record<string, unknown>): unknown {
  let value = body.plural;
  if (value === undefined && ('plural.number' in body || 'plural.formula' in body)) {
    value = { number: body['plural.number'], formula: body['plural.formula'] };
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? plainToInstance(PluralDto, value) : value;
}

const NOT_AN_OBJECT = 'Expected an object with "number" and "formula".';

/**
 * `@Expose` makes class-transformer visit the property even when only the flat form fields were sent.
 * ValidateNested refuses text and numbers itself, but walks into a list, so IsObject is there for lists.
 */
export const PluralField = () =>
  applyDecorators(
    Expose(),
    Transform(({ obj }: { obj: Record<string, unknown> }) => pluralFromBody(obj)),
    IsObject({ message: NOT_AN_OBJECT, validateIf: (_object: object, value: unknown) => Array.isArray(value) }),
    ValidateNested({ message: NOT_AN_OBJECT }),
  );
