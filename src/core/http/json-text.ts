/**
 * A response body already written as JSON text, by PostgreSQL (`json_agg` over a page of rows): the handler returns
 * it and the response carries the text as it is, instead of rows parsed into objects and stringified again (for a
 * page of 1000 strings, most of the request's time).
 */
export class JsonText {
  constructor(readonly text: string) {}

  /** An object whose members are given as values (stringified here) or as JSON text, in this order. */
  static object(members: Record<string, unknown>): JsonText {
    const parts = Object.entries(members).map(([name, value]) => `${JSON.stringify(name)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`);
    return new JsonText(`{${parts.join(',')}}`);
  }
}
