import { JsonNode } from './json-scanner';
import { PathSegment } from './key-path';

/**
 * An editable JSON tree for the cases a string-in-place patch cannot handle (keys added, removed or re-pluralised).
 * Maps keep member order exactly (plain objects would move numeric keys first) and literals keep their spelling.
 */

interface JsonRaw {
  raw: string;
}
export type JsonMap = Map<string, JsonValue>;
export type JsonValue = string | JsonRaw | JsonValue[] | JsonMap;

export function toModel(node: JsonNode): JsonValue {
  switch (node.kind) {
    case 'string':
      return node.value;
    case 'literal':
      return { raw: node.raw };
    case 'array':
      return node.items.map(toModel);
    case 'object':
      return new Map(node.members.map((member) => [member.key, toModel(member.value)]));
  }
}

/** How the file was laid out, so a rebuilt file looks like the one it replaces. */
export interface JsonStyle {
  /** One level of indentation; empty puts members on lines of their own, unindented (Python's `indent=0`). */
  indent: string;
  /** What separates a member name from its value, e.g. ": ". */
  colon: string;
  /** The line break before each member; empty for a single-line file. */
  eol: string;
  /** Text before and after the document (BOM-less leading blanks, the final newline). */
  lead: string;
  trail: string;
}

export const DEFAULT_JSON_STYLE: JsonStyle = { indent: '    ', colon: ': ', eol: '\n', lead: '', trail: '\n' };

export function detectStyle(text: string, root: JsonNode, eol: string): JsonStyle {
  const body = text.slice(root.start, root.end);
  const indent = /\n([ \t]+)\S/.exec(body)?.[1] ?? '';
  const first = root.kind === 'object' ? root.members[0] : undefined;
  const colon = first ? text.slice(first.keyEnd, first.value.start) : DEFAULT_JSON_STYLE.colon;
  return { indent, colon, eol: body.includes('\n') ? eol : '', lead: text.slice(0, root.start), trail: text.slice(root.end) };
}

export function stringifyJson(value: JsonValue, style: JsonStyle): string {
  return style.lead + render(value, style, 0) + style.trail;
}

function render(value: JsonValue, style: JsonStyle, level: number): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (!Array.isArray(value) && !(value instanceof Map)) return value.raw;
  const parts = Array.isArray(value)
    ? value.map((item) => render(item, style, level + 1))
    : [...value].map(([key, item]) => JSON.stringify(key) + style.colon + render(item, style, level + 1));
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (parts.length === 0) return open + close;
  if (style.eol === '') return open + parts.join(',') + close;
  const inner = style.eol + style.indent.repeat(level + 1);
  return open + inner + parts.join(',' + inner) + style.eol + style.indent.repeat(level) + close;
}

/**
 * Sets a value, creating objects (or arrays, for numeric segments) along the way. A member the object lacks goes at
 * its end, or right after the sibling `after` names when it has one (a plural form beside the others).
 */
export function setPath(root: JsonValue, path: readonly PathSegment[], value: JsonValue, after?: string): void {
  let node = root;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const next = last ? value : (getChild(node, segment) ?? (typeof path[index + 1] === 'number' ? [] : new Map()));
    if (Array.isArray(node) && typeof segment === 'number') node[segment] = next;
    else if (node instanceof Map && last && after !== undefined && !node.has(String(segment)) && node.has(after)) insertAfter(node, after, String(segment), next);
    else if (node instanceof Map) node.set(String(segment), next);
    else throw new Error(`cannot set ${String(segment)} inside a scalar`);
    node = next;
  });
}

function insertAfter(map: JsonMap, after: string, key: string, value: JsonValue): void {
  const entries = [...map];
  const at = entries.findIndex(([name]) => name === after) + 1;
  map.clear();
  for (const [name, item] of [...entries.slice(0, at), [key, value] as const, ...entries.slice(at)]) map.set(name, item);
}

/** Removes a value and any object or array left empty by it. */
export function deletePath(root: JsonValue, path: readonly PathSegment[]): void {
  const parents: JsonValue[] = [root];
  for (const segment of path.slice(0, -1)) {
    const child = getChild(parents[parents.length - 1], segment);
    if (child === undefined) return;
    parents.push(child);
  }
  for (let depth = path.length - 1; depth >= 0; depth -= 1) {
    const parent = parents[depth];
    const segment = path[depth];
    if (Array.isArray(parent)) parent.splice(Number(segment), 1);
    else if (parent instanceof Map) parent.delete(String(segment));
    const size = Array.isArray(parent) ? parent.length : parent instanceof Map ? parent.size : 1;
    if (size > 0 || depth === 0) return;
  }
}

export function getChild(node: JsonValue, segment: PathSegment): JsonValue | undefined {
  if (Array.isArray(node)) return typeof segment === 'number' ? node[segment] : undefined;
  return node instanceof Map ? node.get(String(segment)) : undefined;
}
