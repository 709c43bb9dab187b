/**
 * A query the user typed cannot be understood. `position` is the 0-based offset (in UTF-16 code units, as JavaScript
 * indexes strings) of the offending token, and the message repeats it so the API's 400 detail is self-explanatory.
 */
export class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
    this.name = 'QuerySyntaxError';
  }
}
