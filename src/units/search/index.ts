/** Weblate's unit search language (the `q` parameter of unit listings), parsed and compiled to PostgreSQL. */
export { QuerySyntaxError } from './query-syntax-error';
export { compileQuery, selectsEveryUnit } from './query-compiler';
export type { CompiledQuery } from './query-compiler';
