import { Node, Pair, Scalar, YAMLMap, isMap, isScalar } from 'yaml';
import { PathSegment } from './key-path';
import { TextEdit } from './rewrite';
import { renderKey, renderValue } from './yaml-scalars';

/**
 * New keys written into a YAML file as text, at the end of the block map they belong to, in the file's own
 * indentation: the rest of the file (folded blocks, alignment, comments, quoting) stays byte for byte. Where that
 * cannot be done safely (a flow map, an empty map, a list), the caller rebuilds the document instead.
 */

export interface Addition {
  /** Path from the start map (below a Rails file's language key). */
  path: readonly PathSegment[];
  value: string;
  /** The template's value at that path, whose type (boolean, integer) the new value keeps when it can. */
  like?: Scalar;
}

/** Keys below one map, in the order they are added: a string is a value as written, a nested tree a map of new keys. */
type Tree = Map<string, Tree | string>;

/** The text edits adding every addition, or undefined when one cannot be written in place. */
export function insertionEdits(text: string, start: Node, additions: readonly Addition[], eol: string): TextEdit[] | undefined {
  const step = indentStep(text, start);
  const groups = new Map<YAMLMap, Tree>();
  for (const addition of additions) {
    const found = deepestMap(start, addition.path);
    if (!found) return undefined;
    const tree = groups.get(found.map) ?? new Map<string, Tree | string>();
    groups.set(found.map, tree);
    if (!place(tree, found.rest, renderValue(addition.like, addition.value))) return undefined;
  }
  const edits: TextEdit[] = [];
  for (const [map, tree] of groups) {
    const at = lineAfter(text, map.items.at(-1)!);
    const lines = render(tree, ' '.repeat(column(text, map)), ' '.repeat(step));
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    edits.push({ start: at, end: at, text: lead + lines.map((line) => line + eol).join('') });
  }
  return edits;
}

/** The deepest existing block map on the path, and the keys still to create below it. */
function deepestMap(start: Node, path: readonly PathSegment[]): { map: YAMLMap; rest: string[] } | undefined {
  let node: unknown = start;
  let depth = 0;
  while (depth < path.length && isMap(node)) {
    const pair = (node.items as Pair[]).find((item) => isScalar(item.key) && String(item.key.value) === String(path[depth]));
    if (!pair) break;
    node = pair.value;
    depth += 1;
  }
  if (!isMap(node) || node.flow || node.items.length === 0 || depth === path.length) return undefined;
  const rest = path.slice(depth);
  if (rest.some((segment) => typeof segment === 'number')) return undefined;
  return { map: node, rest: rest.map(String) };
}

function place(tree: Tree, keys: readonly string[], value: string): boolean {
  const [key, ...below] = keys;
  const existing = tree.get(key);
  if (below.length === 0) {
    if (existing !== undefined) return false;
    tree.set(key, value);
    return true;
  }
  if (typeof existing === 'string') return false;
  const child = existing ?? new Map<string, Tree | string>();
  tree.set(key, child);
  return place(child, below, value);
}

function render(tree: Tree, indent: string, step: string): string[] {
  return [...tree].flatMap(([key, value]) => typeof value === 'string'
    ? [`${indent}${renderKey(key)}: ${value}`]
    : [`${indent}${renderKey(key)}:`, ...render(value, indent + step, step)]);
}

/** Where a line after the pair begins: after its value, a trailing comment and the line break. */
function lineAfter(text: string, pair: Pair): number {
  const node = (pair.value ?? pair.key) as Node;
  const end = node.range![1];
  if (end > 0 && text[end - 1] === '\n') return end;
  const newline = text.indexOf('\n', end);
  return newline === -1 ? text.length : newline + 1;
}

/** Column of a block map's keys. */
function column(text: string, map: YAMLMap): number {
  const key = (map.items[0] as Pair<Scalar>).key;
  const offset = key.range![0];
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

/** The file's indentation step: how much deeper the first nested block map is than its parent; two spaces if none. */
function indentStep(text: string, node: Node): number {
  if (!isMap(node) || node.items.length === 0) return 2;
  for (const pair of node.items as Pair[]) {
    const value = pair.value;
    if (isMap(value) && !value.flow && value.items.length > 0) {
      const step = column(text, value) - column(text, node);
      return step > 0 ? step : 2;
    }
  }
  for (const pair of node.items as Pair[]) {
    if (isMap(pair.value)) return indentStep(text, pair.value);
  }
  return 2;
}
