import { DEFAULT_JSON_STYLE, JsonStyle, JsonValue, detectStyle, setPath, stringifyJson, toModel } from './json-model';
import { JsonNode, JsonString, scanJson } from './json-scanner';
import { PathSegment } from './key-path';
import { EntrySlot, TextEdit, rewriteEntries, sameFormCounts } from './rewrite';
import { DecodedText, NEW_TEXT, decodeText, encodeText } from './text-codec';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { numbered, parseMonolingual } from './units';

/**
 * What the JSON-based formats (plain, nested, i18next, WebExtension, ARB, go-i18n) share. Each subclass only says
 * where its units live in the tree; writing is a string-in-place patch while the set of keys and plural forms stays
 * the same, and a rebuild of the tree (keeping order, unknown members and layout style) otherwise.
 */

/** A unit of the stored file and the string nodes holding its forms, with their paths in the tree. */
export interface JsonSlot extends EntrySlot {
  /** One per form; a plural category the file lacks has none. */
  leaves: (JsonString | undefined)[];
  paths: PathSegment[][];
}

export type FoundUnit = Omit<JsonSlot, 'start' | 'end'>;

/**
 * Writes the forms of a plural keyed by category over its slot: forms the file has are replaced, and a category it
 * lacks gets a member, after the previous form's, only when translated. Categories the file has beyond the
 * language's are other members, which stay.
 */
export function putForms(root: JsonValue, slot: JsonSlot, target: readonly string[]): void {
  let previous: string | undefined;
  slot.paths.forEach((path, index) => {
    if (!slot.leaves[index] && target[index] === '') return;
    setPath(root, path, target[index], previous);
    previous = String(path[path.length - 1]);
  });
}

interface JsonDocument {
  codec: Pick<DecodedText, 'encoding' | 'bom' | 'eol'>;
  text: string;
  root: JsonNode;
  slots: JsonSlot[];
}

export abstract class JsonFormatBase implements TranslationFormat {
  abstract readonly id: string;
  abstract readonly name: string;
  readonly extensions: readonly string[] = ['json'];
  readonly monolingual: boolean = true;
  readonly bilingualCapable: boolean = true;
  /** A member holding the file's language (ARB `@@locale`), set when a file is made from the template. */
  protected readonly localeKey?: string;

  /** Units in document order; formats keying plurals by category place forms at the given `categories`' indexes. */
  protected abstract find(root: JsonNode, categories?: readonly string[]): FoundUnit[];
  /** Writes a unit into the tree: over its old place when it has one (`slot`), as a new entry otherwise. */
  protected abstract put(root: JsonValue, unit: TranslationUnit, slot: JsonSlot | undefined, options: SerializeOptions): void;
  /** Deletes a unit's entries from the tree. */
  protected abstract remove(root: JsonValue, slot: JsonSlot): void;
  /** The document of a file with no units. */
  protected emptyDocument(): JsonValue {
    return new Map();
  }

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file, categories) => this.read(file, categories).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template;
    if (!base) {
      const root = this.emptyDocument();
      this.rebuild(root, [], units, options);
      return encodeText(stringifyJson(root, DEFAULT_JSON_STYLE), NEW_TEXT);
    }
    const document = this.read(base, options.pluralCategories);
    const text = this.patch(document, units, options) ?? this.rebuildText(document, units, options);
    return encodeText(text, document.codec);
  }

  private read(data: Buffer, categories?: readonly string[]): JsonDocument {
    const codec = decodeText(data);
    const root = scanJson(codec.text);
    const slots = this.find(root, categories).map((found) => ({ ...found, start: 0, end: 0 }));
    numbered(slots.map((slot) => slot.unit));
    return { codec, text: codec.text, root, slots };
  }

  /** In-place string replacement; undefined when a unit's forms no longer match the file's strings. */
  private patch(document: JsonDocument, units: readonly TranslationUnit[], options: SerializeOptions): string | undefined {
    if (!sameFormCounts(document.slots, units, (slot) => slot.leaves.length)) return undefined;
    // A translated form for a category the file lacks needs a new member: the tree route adds it.
    const given = new Map(units.map((unit) => [unit.id, unit]));
    if (document.slots.some((slot) => slot.leaves.some((leaf, index) => !leaf && (given.get(slot.unit.id)?.target[index] ?? '') !== ''))) return undefined;
    const locale = this.localeNode(document.root, options);
    const extra: TextEdit[] = locale ? [{ start: locale.start, end: locale.end, text: JSON.stringify(options.language) }] : [];
    return rewriteEntries(
      { text: document.text, slots: document.slots, appendAt: 0 },
      units,
      { rewrite: (unit, slot) => slot.leaves.flatMap((leaf, index) => (leaf ? [{ start: leaf.start, end: leaf.end, text: JSON.stringify(unit.target[index]) }] : [])) },
      extra,
    );
  }

  private rebuildText(document: JsonDocument, units: readonly TranslationUnit[], options: SerializeOptions): string {
    const root = toModel(document.root);
    this.rebuild(root, document.slots, units, options);
    if (this.localeNode(document.root, options)) setPath(root, [this.localeKey!], options.language);
    const style: JsonStyle = detectStyle(document.text, document.root, document.codec.eol);
    return stringifyJson(root, style);
  }

  /** Existing units are rewritten first, removals run last-to-first so array indexes stay valid, additions come last. */
  private rebuild(root: JsonValue, slots: readonly JsonSlot[], units: readonly TranslationUnit[], options: SerializeOptions): void {
    const given = new Map(units.map((unit) => [unit.id, unit]));
    const known = new Set(slots.map((slot) => slot.unit.id));
    for (const slot of slots) {
      const unit = given.get(slot.unit.id);
      if (unit) this.put(root, unit, slot, options);
    }
    for (const slot of [...slots].reverse()) if (!given.has(slot.unit.id)) this.remove(root, slot);
    for (const unit of units) if (!known.has(unit.id)) this.put(root, unit, undefined, options);
  }

  /** The locale member to rewrite: only when a new file is made from the template. */
  private localeNode(root: JsonNode, options: SerializeOptions): JsonString | undefined {
    if (!this.localeKey || options.original || root.kind !== 'object') return undefined;
    const member = root.members.find((candidate) => candidate.key === this.localeKey);
    return member?.value.kind === 'string' ? member.value : undefined;
  }
}
