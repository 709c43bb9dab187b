import { compareCodePoints } from './key-path';
import { JsonValue, stringifyJson, toModel } from './json-model';
import { scanJson } from './json-scanner';
import { decodeText, encodeText } from './text-codec';

/** How a JSON file is laid out, as Weblate's "Customize JSON output" add-on sets it (json.dumps' arguments). */
export interface JsonLayout {
  /** Per level: that many spaces, or tabs; 0 puts members on lines of their own, unindented. */
  indent: number;
  style: 'spaces' | 'tabs';
  /** Members of every object sorted by name (Python's `sort_keys`), arrays left in their order. */
  sortKeys: boolean;
}

/**
 * The file rewritten in the layout, or null when it already is. Values, literals' spelling and member order (unless
 * sorted; numeric names included, which a plain object would move first) stay; the file keeps its encoding and line
 * breaks, and ends with one, as translate-toolkit writes it.
 */
export function layoutJson(data: Buffer, layout: JsonLayout): Buffer | null {
  const codec = decodeText(data);
  const root = scanJson(codec.text);
  const model = toModel(root);
  const text = stringifyJson(layout.sortKeys ? sorted(model) : model, {
    indent: (layout.style === 'tabs' ? '\t' : ' ').repeat(layout.indent),
    colon: ': ',
    eol: codec.eol,
    lead: '',
    trail: codec.eol,
  });
  return text === codec.text ? null : encodeText(text, codec);
}

function sorted(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sorted);
  if (!(value instanceof Map)) return value;
  return new Map([...value].sort(([a], [b]) => compareCodePoints(a, b)).map(([key, item]) => [key, sorted(item)]));
}
