import { ValidatorConstraint, ValidatorConstraintInterface, ValidationArguments } from 'class-validator';

/**
 * MT_SERVICES: a JSON object naming each site-wide machine translation service with its configuration object.
 * Which services exist and what their configurations hold is the machinery module's to check, at start-up.
 */
export function parseMachineryServices(text: string): Record<string, Record<string, unknown>> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !Object.values(value).every(isObject)) return null;
  return value as Record<string, Record<string, unknown>>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

@ValidatorConstraint({ name: 'machineryServicesSyntax' })
export class MachineryServicesSyntax implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseMachineryServices(value) !== null;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a JSON object of service configurations, such as {"weblate": {}, "deepl": {"key": "…"}}`;
  }
}
