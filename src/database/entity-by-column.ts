import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

interface Lookup {
  sql: string;
  metadata: EntityMetadata;
}

const lookups = new WeakMap<EntityMetadata, Map<string, Lookup>>();

/**
 * `findOneBy({ [property]: value })` for lookups that run on every request (a route's target): the same row and
 * entity, with the SELECT built once per entity and column instead of by the query builder on each call, which
 * costs more than the query itself. Only for entities without relations (their columns are the whole entity).
 */
export async function findEntityByColumn<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>, property: keyof T & string, value: unknown): Promise<T | null> {
  const { sql, metadata } = lookupOf(dataSource, target, property);
  const [row]: Record<string, unknown>[] = await dataSource.query(sql, [value]);
  if (!row) return null;
  const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
  for (const column of metadata.columns) {
    if (column.isSelect) column.setEntityValue(entity, dataSource.driver.prepareHydratedValue(row[column.databaseName], column));
  }
  return entity;
}

function lookupOf(dataSource: DataSource, target: EntityTarget<ObjectLiteral>, property: string): Lookup {
  const metadata = dataSource.getMetadata(target);
  let byColumn = lookups.get(metadata);
  if (!byColumn) lookups.set(metadata, (byColumn = new Map()));
  let lookup = byColumn.get(property);
  if (!lookup) {
    if (metadata.relations.length > 0) throw new Error(`${metadata.name} has relations; findEntityByColumn reads columns only`);
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    // The table unqualified, as in the repositories' own SQL: the connection's search_path names the schema.
    const escape = (name: string) => dataSource.driver.escape(name);
    const columns = metadata.columns.filter((each) => each.isSelect).map((each) => escape(each.databaseName));
    lookup = { sql: `SELECT ${columns.join(', ')} FROM ${escape(metadata.tableName)} WHERE ${escape(column.databaseName)} = $1 LIMIT 1`, metadata };
    byColumn.set(property, lookup);
  }
  return lookup;
}
