import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { ValidationError } from '../core/errors/domain-error';
import { MESSAGES } from '../core/validation/field-rules';
import type { AddonDefinition } from './addon-catalogue';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
const validators = new Map<string, ValidateFunction>();

/**
 * The configuration to store: the request's, checked against the add-on's schema, with its defaults filled in.
 * Problems are 400s on `configuration`, one per problem, named after the field as Weblate's form errors are.
 */
export function validConfiguration(definition: AddonDefinition, configuration: unknown): Record<string, unknown> {
  let validate = validators.get(definition.name);
  if (!validate) {
    validate = ajv.compile(definition.schema);
    validators.set(definition.name, validate);
  }
  // Validation fills in defaults: work on a copy, never on the request's object.
  const value: unknown = structuredClone(configuration ?? {});
  if (!validate(value)) throw new ValidationError((validate.errors ?? []).map(configurationError));
  return definition.refine ? definition.refine(value as Record<string, unknown>) : (value as Record<string, unknown>);
}

/** A problem with one field of the configuration, as Weblate's API reports its form's errors. */
export function configurationProblem(field: string, message: string): { code: string; detail: string; attr: string } {
  return { code: 'invalid', detail: `Error in ${field}: ${message}`, attr: 'configuration' };
}

function configurationError(error: ErrorObject): { code: string; detail: string; attr: string } {
  const field = error.keyword === 'required' ? String(error.params.missingProperty)
    : error.keyword === 'additionalProperties' ? String(error.params.additionalProperty)
    : error.instancePath.slice(1).split('/')[0];
  const message = error.keyword === 'additionalProperties' ? 'unknown field' : error.keyword === 'required' ? MESSAGES.required : (error.message ?? 'invalid');
  if (!field) return { code: 'invalid', detail: `Invalid configuration: ${message}`, attr: 'configuration' };
  return { ...configurationProblem(field, message), code: error.keyword === 'required' ? 'required' : 'invalid' };
}

/** The configuration as those who may not manage the add-on see it: without its secrets. */
export function publicConfiguration(definition: AddonDefinition | undefined, configuration: Record<string, unknown>): Record<string, unknown> {
  const secrets = new Set(definition?.secretFields ?? []);
  return Object.fromEntries(Object.entries(configuration).filter(([key]) => !secrets.has(key)));
}
