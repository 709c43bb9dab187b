import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * Weblate's own OpenAPI description, kept as test data (test/fixtures/openapi/README.md: origin and license).
 * WEBLATE_OPENAPI checks against another copy, a newer Weblate's say.
 */
const WEBLATE_OPENAPI = process.env.WEBLATE_OPENAPI ?? resolve(__dirname, '../fixtures/openapi/weblate-openapi.yaml');

type JsonSchema = Record<string, unknown>;

/** Where this server knowingly answers otherwise than a property of Weblate's schema says, and why. */
export interface SchemaDeviation {
  /** A schema name, or a prefix ending in `*` for every schema starting with it. */
  schema: string;
  property: string;
  /** `nullable`: null is answered too; `absent`: not answered. */
  change: 'nullable' | 'absent';
  why: string;
}

/** One response that does not match: where in the body, and what the schema asked for. */
export interface ShapeError {
  at: string;
  problem: string;
}

const SCHEMA_REF = '#/components/schemas/';

/** Formats are checked where a client relies on them (dates parse, links are absolute); the rest are annotations. */
const FORMATS: Record<string, RegExp | ((value: string) => boolean) | true> = {
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
  date: /^\d{4}-\d\d-\d\d$/,
  uri: (value) => URL.canParse(value),
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: true,
  binary: true,
  double: true,
  int64: true,
  decimal: true,
};

/**
 * Validates response bodies against the GET responses of Weblate's OpenAPI 3.1 description. The schemas are
 * JSON Schema 2020-12 already; the loader only adapts what drf-spectacular writes for requests and docs:
 * - `writeOnly` properties never appear in responses, so they are dropped (with their `required` entries);
 * - `nullable: true` (OpenAPI 3.0 style) becomes a `null` type, repeated types are merged;
 * - `readOnly`, `example` and other documentation keywords are annotations (ajv's non-strict mode ignores them);
 * - `oneOf` is read as `anyOf`: its alternatives overlap (integer and number, BasicUser within FullUser, a URL
 *   string or an empty string), so a strict oneOf would reject valid values;
 * - the deviations given are applied to the named schema properties.
 */
export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  /** The GET operations answering JSON, by the request paths they match. */
  private readonly operations: { pattern: RegExp; schema: JsonSchema }[];

  constructor(deviations: readonly SchemaDeviation[], file = WEBLATE_OPENAPI) {
    const document = parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, JsonSchema> } };
    const schemas = Object.fromEntries(Object.entries(document.components.schemas).map(([name, schema]) => [name, toResponseSchema(schema)]));
    for (const deviation of deviations) {
      const names = deviation.schema.endsWith('*') ? Object.keys(schemas).filter((name) => name.startsWith(deviation.schema.slice(0, -1))) : [deviation.schema];
      for (const name of names) applyDeviation(schemas[name], name, deviation);
    }
    for (const [name, format] of Object.entries(FORMATS)) this.ajv.addFormat(name, format);
    this.ajv.addSchema({ $id: 'weblate', components: { schemas } });
    this.operations = Object.entries(document.paths).flatMap(([template, operations]) => {
      const schema = jsonResponseSchema(operations.get);
      return schema ? [{ pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), schema }] : [];
    });
  }

  /** Checks the body of a 200 answer to GET `path` against the response schema of the matching operation. */
  checkResponse(path: string, body: unknown): ShapeError[] {
    const operation = this.operations.find((candidate) => candidate.pattern.test(path.split('?')[0]));
    if (!operation) return [{ at: path, problem: 'Weblate describes no GET operation at this path' }];
    return this.run(this.ajv.compile(rebase(operation.schema)), body);
  }

  /**
   * Checks a body against a schema of the caller's, for answers Weblate's description places elsewhere or
   * describes otherwise; it may refer to Weblate's schemas as `weblate#/components/schemas/<name>`.
   */
  checkAgainst(schema: JsonSchema, body: unknown): ShapeError[] {
    return this.run(this.ajv.compile(schema), body);
  }

  private run(validate: ValidateFunction, body: unknown): ShapeError[] {
    if (validate(body)) return [];
    // List items repeat the same mistake: one entry per place in the shape, not per item.
    const found = (validate.errors ?? []).map((error: ErrorObject) => ({ at: error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '/', problem: error.message ?? error.keyword }));
    return [...new Map(found.map((error) => [`${error.at} ${error.problem}`, error])).values()];
  }
}

function jsonResponseSchema(operation: unknown): JsonSchema | undefined {
  const responses = (operation as { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> } | undefined)?.responses;
  return responses?.['200']?.content?.['application/json']?.schema;
}

/** A path operation's schema refers to `#/components/...` of the document, registered under the id `weblate`. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll(`"${SCHEMA_REF}`, `"weblate${SCHEMA_REF}`)) as JsonSchema;
}

function toResponseSchema(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(toResponseSchema) as unknown as JsonSchema;
  if (!node || typeof node !== 'object') return node as JsonSchema;
  const schema: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'enum' ? value : toResponseSchema(value)]));
  if (schema.properties) {
    const properties = schema.properties as Record<string, JsonSchema>;
    const writeOnly = Object.keys(properties).filter((name) => properties[name].writeOnly === true);
    for (const name of writeOnly) delete properties[name];
    if (Array.isArray(schema.required)) schema.required = schema.required.filter((name) => !writeOnly.includes(name as string));
  }
  if (schema.nullable === true) {
    delete schema.nullable;
    allowNull(schema);
  }
  if (Array.isArray(schema.type)) schema.type = [...new Set(schema.type)];
  if (schema.oneOf) {
    schema.anyOf = schema.oneOf;
    delete schema.oneOf;
  }
  return schema;
}

function allowNull(schema: JsonSchema): void {
  if (schema.type !== undefined) {
    schema.type = [...new Set([...(Array.isArray(schema.type) ? schema.type : [schema.type]), 'null'])];
    return;
  }
  const alternatives = Object.fromEntries(Object.entries(schema));
  for (const key of Object.keys(schema)) delete schema[key];
  schema.anyOf = [alternatives, { type: 'null' }];
}

function applyDeviation(schema: JsonSchema | undefined, name: string, { property, change }: SchemaDeviation): void {
  const properties = schema?.properties as Record<string, JsonSchema> | undefined;
  if (!schema || !properties || !(property in properties)) throw new Error(`Deviation for ${name}.${property}: Weblate's schema has no such property`);
  if (change === 'absent') schema.required = ((schema.required as string[] | undefined) ?? []).filter((required) => required !== property);
  else allowNull(properties[property]);
}
