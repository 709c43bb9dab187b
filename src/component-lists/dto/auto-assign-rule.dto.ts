import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, IsNotEmpty, IsString, MaxLength, ValidateBy, ValidateNested, ValidationArguments } from 'class-validator';
import { MESSAGES, whenSent, whenString } from '../../core/validation/field-rules';

function compileError(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A regular expression JavaScript compiles; the message follows Weblate's validate_re. */
const IsRegex = () =>
  ValidateBy(
    {
      name: 'isRegex',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || compileError(value) === null,
        defaultMessage: ({ value }: ValidationArguments) => `Compilation failed: ${compileError(value as string)}`,
      },
    },
    whenString,
  );

const Pattern = () =>
  applyDecorators(
    IsString({ message: MESSAGES.string }),
    IsNotEmpty({ message: MESSAGES.blank, ...whenString }),
    MaxLength(200, { message: MESSAGES.maxLength(200), ...whenString }),
    IsRegex(),
  );

/** One automatic assignment rule; a pattern left out matches nothing, as Weblate's default `^$` does for slugs. */
export class AutoAssignRuleDto {
  @Pattern()
  project_match = '^$';

  @Pattern()
  component_match = '^$';
}

/**
 * Stands in for an auto_assign that is not a list. ValidateNested ignores `validateIf` and would report such a
 * value a second time (or validate an object as if it were one rule); it finds nothing to check in this one,
 * so IsArray alone reports the problem.
 */
class NotAList {}

/** auto_assign from any body type: a JSON list, or a JSON text in a form field. */
function rulesFromBody(value: unknown): unknown {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return new NotAList();
    }
  }
  if (value === undefined) return value;
  if (!Array.isArray(value)) return new NotAList();
  return value.map((item: unknown) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? plainToInstance(AutoAssignRuleDto, item) : item));
}

/** The rules read from the raw body (`obj`), since class-transformer would otherwise convert the items itself first. */
export const AutoAssignField = () =>
  applyDecorators(
    Transform(({ obj }: { obj: Record<string, unknown> }) => rulesFromBody(obj.auto_assign)),
    IsArray({ message: 'Expected a list of items.', ...whenSent }),
    ValidateNested({ each: true, message: 'Expected a dictionary with project_match and component_match.' }),
  );
