import { Document, Node, Pair, Scalar, YAMLMap, isMap, isNode, isScalar, isSeq } from 'yaml';
import { PathSegment, joinKeyPath, splitKeyPath } from './key-path';
import { isCategory, pluralCategories, sortCategories } from './plurals';
import { EntrySlot, TextEdit, rewriteEntries } from './rewrite';
import { NEW_TEXT, encodeText } from './text-codec';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';
import { Addition, insertionEdits } from './yaml-insert';
import { indentsSequences, readYaml, withBreaks, YamlText } from './yaml-document';
import { replaceScalar, scalarText, stringNode, valueNode } from './yaml-scalars';

/**
 * YAML (Weblate `yaml`) and Ruby on Rails YAML (`ruby-yaml`, one root key naming the language, plural forms as
 * `one:`/`other:` maps). Keys are flattened like JSON keys. Edited strings are replaced in place in their original
 * quoting style and new keys are inserted as text into the map they belong to; removing keys (or a layout the text
 * route cannot extend, such as a flow map) goes through the yaml Document, which keeps comments but not layout.
 */

interface YamlSlot extends EntrySlot {
  /** One per form; a plural category the file lacks has none. */
  scalars: (Scalar | undefined)[];
  paths: PathSegment[][];
}

interface YamlFile extends YamlText {
  slots: YamlSlot[];
  /** The slots by unit id. */
  byId: Map<string, YamlSlot>;
}

const TO_STRING = { lineWidth: 0 };

class YamlFormatBase implements TranslationFormat {
  readonly extensions = ['yml', 'yaml'];
  readonly monolingual = true;
  readonly bilingualCapable: boolean = true;

  constructor(
    readonly id: string,
    readonly name: string,
    /** Rails files nest everything under the language code and express plurals as category maps. */
    private readonly rails: boolean,
  ) {}

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file, categories) => this.read(file, categories).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template;
    const file = this.read(base ?? Buffer.alloc(0), options.pluralCategories);
    const root = this.rootKey(file.document);
    // A translation made from a Rails template gets its own language as the root key.
    const rename: TextEdit[] = root?.range && root.value !== options.language && !options.original
      ? [{ start: root.range[0], end: root.range[1], text: options.language }]
      : [];
    const given = new Map(units.map((unit) => [unit.id, unit]));
    const like = this.templateValues(options);
    const inserted = base && file.slots.every((slot) => sameShape(slot, given.get(slot.unit.id))) ? this.insertions(file, units, options, like) : undefined;
    const patched = inserted
      ? rewriteEntries({ text: file.codec.text, slots: file.slots, appendAt: 0 }, units.filter((unit) => file.byId.has(unit.id)), {
          rewrite: (unit, slot) => slot.scalars.flatMap((scalar, index) => (scalar && slot.unit.target[index] !== unit.target[index] ? [replaceScalar(scalar, unit.target[index])] : [])),
        }, [...rename, ...inserted])
      : undefined;
    // The text route edits the file's own text, whose `\r\n` stay; yaml writes `\n` only.
    const text = patched === undefined ? withBreaks(this.rebuild(file, units, options, like), file.breaks) : file.breaks === '\r' ? withBreaks(patched, '\r') : patched;
    return encodeText(text, base ? file.codec : NEW_TEXT);
  }

  /**
   * The template's value of a key the translation file lacks, whose type (boolean, integer) its new value keeps: a
   * Rails translation gaining `precision` writes an integer. The template is read only when a key is added.
   */
  private templateValues(options: SerializeOptions): (unit: TranslationUnit) => Scalar | undefined {
    let template: YamlFile | undefined;
    return (unit) => {
      if (!options.template || !options.original) return undefined;
      template ??= this.read(options.template);
      return template.byId.get(unit.id)?.scalars[0];
    };
  }

  /**
   * Text edits for what the file has no place for yet: new keys, and plural categories an entry lacks. Undefined
   * when one of them cannot be inserted as text.
   */
  private insertions(file: YamlFile, units: readonly TranslationUnit[], options: SerializeOptions, like: (unit: TranslationUnit) => Scalar | undefined): TextEdit[] | undefined {
    const additions: Addition[] = [];
    for (const unit of units) {
      const slot = file.byId.get(unit.id);
      if (slot) {
        slot.scalars.forEach((scalar, index) => !scalar && unit.target[index] !== '' && additions.push({ path: slot.paths[index], value: unit.target[index] }));
      } else if (this.rails && (unit.source.length > 1 || unit.target.length > 1)) {
        const path = splitKeyPath(unit.context);
        pluralCategories(unit.target.length, options).forEach((category, index) => unit.target[index] !== '' && additions.push({ path: [...path, category], value: unit.target[index] }));
      } else {
        additions.push({ path: splitKeyPath(unit.context), value: unit.target[0] ?? '', like: like(unit) });
      }
    }
    if (additions.length === 0) return [];
    const start = this.startNode(file.document);
    return start ? insertionEdits(file.codec.text, start, additions, file.codec.eol) : undefined;
  }

  /** The map keys are read from: the document, or the value of a Rails file's language key. */
  private startNode(document: Document): Node | undefined {
    const start = this.rails ? (this.rootKey(document) && (document.contents as YAMLMap).items[0].value) : document.contents;
    return isNode(start) ? start : undefined;
  }

  /** `categories`: the translation's plural categories, which place each category key's text at its form index. */
  private read(data: Buffer, categories?: readonly string[]): YamlFile {
    const { codec, document, breaks } = readYaml(data);
    const start = this.startNode(document);
    const slots = start ? this.walk(start, [], categories).map((found) => ({ ...found, start: 0, end: 0 })) : [];
    numbered(slots.map((slot) => slot.unit));
    return { codec, document, breaks, slots, byId: new Map(slots.map((slot) => [slot.unit.id, slot])) };
  }

  private rootKey(document: Document): Scalar | undefined {
    if (!this.rails || !isMap(document.contents)) return undefined;
    const key = document.contents.items[0]?.key;
    return isScalar(key) ? key : undefined;
  }

  private walk(node: Node, path: PathSegment[], categories: readonly string[] | undefined): Omit<YamlSlot, 'start' | 'end'>[] {
    if (isScalar(node)) {
      const text = scalarText(node);
      return text === undefined ? [] : [{ unit: keyedUnit(joinKeyPath(path), [text]), scalars: [node], paths: [path] }];
    }
    if (isSeq(node)) return node.items.flatMap((item, index) => this.walk(item as Node, [...path, index], categories));
    if (!isMap(node)) return [];
    const pairs = node.items as Pair<Scalar, Node>[];
    const keys = pairs.map((pair) => String(pair.key?.value));
    if (this.rails && keys.includes('other') && keys.every(isCategory) && pairs.every((pair) => isScalar(pair.value))) {
      const forms = categories ?? sortCategories(keys);
      const scalars = forms.map((category) => pairs[keys.indexOf(category)]?.value as Scalar | undefined);
      return [{ unit: keyedUnit(joinKeyPath(path), scalars.map((scalar) => (scalar && scalarText(scalar)) ?? '')), scalars, paths: forms.map((category) => [...path, category]) }];
    }
    return pairs.flatMap((pair, index) => this.walk(pair.value as Node, [...path, keys[index]], categories));
  }

  /** The Document route: exact for data and comments, but the layout of edited regions is yaml's own. */
  private rebuild(file: YamlFile, units: readonly TranslationUnit[], options: SerializeOptions, like: (unit: TranslationUnit) => Scalar | undefined): string {
    const { document, slots } = file;
    const prefix: PathSegment[] = this.rails ? [options.language] : [];
    const root = this.rootKey(document);
    if (root) root.value = options.language;
    const given = new Map(units.map((unit) => [unit.id, unit]));
    for (const slot of [...slots].reverse()) {
      if (!given.has(slot.unit.id)) slot.paths.forEach((path) => document.deleteIn([...prefix, ...path]));
    }
    for (const unit of units) {
      const slot = file.byId.get(unit.id);
      const plural = this.rails && (unit.source.length > 1 || unit.target.length > 1);
      const path = slot ? (plural ? slot.paths[0].slice(0, -1) : slot.paths[0]) : splitKeyPath(unit.context);
      if (!plural) {
        // An unchanged value keeps its node, and with it its type and style (quotes, folded or literal block).
        if (slot?.unit.target[0] !== unit.target[0]) document.setIn([...prefix, ...path], valueNode(slot ? slot.scalars[0] : like(unit), unit.target[0] ?? ''));
        continue;
      }
      // Forms are changed inside the existing map, so the entry keeps its place in the file; each goes to its own
      // category, and categories the language has no form for stay.
      const categories = pluralCategories(unit.target.length, options);
      categories.forEach((category, index) => {
        if (unit.target[index] !== '' || slot?.scalars[index]) document.setIn([...prefix, ...path, category], stringNode(unit.target[index]));
      });
    }
    return document.toString({ ...TO_STRING, indentSeq: indentsSequences(file.codec.text) });
  }
}

/** Whether the unit has as many forms as the entry has places for (a missing category is a place, filled by insertion). */
function sameShape(slot: YamlSlot, unit: TranslationUnit | undefined): boolean {
  return !unit || unit.target.length === slot.scalars.length;
}

export class YamlFormat extends YamlFormatBase {
  constructor() {
    super('yaml', 'YAML file', false);
  }
}

export class RubyYamlFormat extends YamlFormatBase {
  override readonly bilingualCapable = false;
  readonly pluralsByCategory = true;

  constructor() {
    super('ruby-yaml', 'Ruby YAML file', true);
  }
}
