import { Component } from './component.entity';
import { ComponentFieldsDto } from './dto/component-fields.dto';

/** Request fields that are not stored as they come: resolved to ids, or only steer creation. */
const NOT_COLUMNS = new Set(['source_language', 'category', 'disable_autoshare']);

/**
 * Wire names are the snake_case forms of the entity's properties, so the mapping is mechanical; the
 * serializer is where the reverse mapping is spelled out field by field.
 */
export function componentColumns(fields: ComponentFieldsDto): Partial<Component> {
  const columns: Record<string, unknown> = {};
  for (const [wire, value] of Object.entries(fields)) {
    if (value === undefined || NOT_COLUMNS.has(wire)) continue;
    columns[wire.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())] = value;
  }
  return columns as Partial<Component>;
}
