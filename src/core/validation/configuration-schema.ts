import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { checkRepositoryUrl } from '../../vcs/url-policy';
import { VcsError } from '../../vcs/vcs-error';
import { ValidationError } from '../errors/domain-error';
import { MESSAGES } from './field-rules';

/**
 * A JSON Schema (draft 7) of a configuration object a request sets (an add-on's, a machine translation
 * service's), as ajv takes it.
 */
export interface ConfigurationSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
}

/**
 * Checks of a configuration beyond its schema (rules across fields, regular expressions that must compile: Weblate's
 * form `clean`), throwing a ValidationError; returns what is stored.
 */
export type ConfigurationRefinement = (configuration: Record<string, unknown>) => Record<string, unknown>;

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
const validators = new WeakMap<ConfigurationSchema, ValidateFunction>();

/**
 * The configuration to store: the request's, checked against the schema (then `refine`), with its defaults filled
 * in. Problems are 400s on `configuration`, one per problem, named after the field as Weblate's form errors are.
 */
export function validConfiguration(schema: ConfigurationSchema, configuration: unknown, refine?: ConfigurationRefinement): Record<string, unknown> {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  // Validation fills in defaults: work on a copy, never on the request's object.
  const value: unknown = structuredClone(configuration ?? {});
  if (!validate(value)) throw new ValidationError((validate.errors ?? []).map(configurationError));
  return refine ? refine(value as Record<string, unknown>) : (value as Record<string, unknown>);
}

/** A problem with one field of a configuration, as Weblate's API reports its form's errors. */
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

/** Form bodies carry a configuration as JSON text; JSON bodies as an object. */
export function parseConfigurationJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw ValidationError.field('configuration', 'Value must be valid JSON.');
  }
}

/**
 * Holds the configuration's URL fields (where the server will send requests: a webhook, a machine translation
 * API) to the repository URL policy, http and https only: a 400 on `configuration` naming the field otherwise.
 */
export async function checkConfigurationUrls(configuration: Record<string, unknown>, urlFields: readonly string[], blockPrivateHosts: boolean): Promise<void> {
  for (const field of urlFields) {
    const url = configuration[field];
    if (typeof url !== 'string') continue;
    try {
      await checkRepositoryUrl(url, { allowedSchemes: ['http', 'https'], blockPrivateHosts });
    } catch (error) {
      if (error instanceof VcsError) throw new ValidationError([configurationProblem(field, error.message.replace(/^Repository URL/, 'URL'))]);
      throw error;
    }
  }
}
