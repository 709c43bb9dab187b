import { readContent, writeContent } from './android-content';
import { insertionPoint, replaceContent } from './xml-edit';
import { pluralCategories, sortCategories } from './plurals';
import { EntryLayout, EntrySlot, TextEdit, applyEdits, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';
import { XmlElement, attribute, elements, escapeXmlAttribute, parseXml } from './xml-scanner';

/**
 * Android string resources (Weblate `aresource`): `<string>`, `<plurals>` (forms by CLDR quantity) and
 * `<string-array>` (one unit per `<item>`, keyed `name[index]`). A comment right before an element is its note;
 * `translatable="false"` strings are read-only.
 */

interface AndroidSlot extends EntrySlot {
  element: XmlElement;
  /** For `<plurals>`: the `<item>` of each quantity the file has. */
  items?: Map<string, XmlElement>;
}

interface AndroidDocument extends EntryLayout<AndroidSlot> {
  codec: DecodedText;
  root: XmlElement;
  indent: string;
}

const NEW_FILE = '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n</resources>\n';
const ARRAY_ITEM = /^(.*)\[(\d+)\]$/;

export class AndroidFormat implements TranslationFormat {
  readonly id = 'aresource';
  readonly name = 'Android String Resource';
  readonly extensions = ['xml'];
  readonly monolingual = true;
  readonly pluralsByCategory = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file, categories) => read(file, categories).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = read(options.original ?? options.template ?? Buffer.from(NEW_FILE), options.pluralCategories);
    const { text, codec, indent } = document;
    const known = new Set(document.slots.map((slot) => slot.unit.id));
    const added = units.filter((unit) => !known.has(unit.id));
    const arrays = new Map(elements(document.root, 'string-array').map((element) => [attribute(element, 'name'), element]));
    // Items of arrays the file already has go at the end of that array; everything else before </resources>.
    const intoArrays = added.filter((unit) => arrays.has(ARRAY_ITEM.exec(unit.id)?.[1]));
    const extra: TextEdit[] = intoArrays.map((unit) => {
      const array = arrays.get(ARRAY_ITEM.exec(unit.id)![1])!;
      const at = insertionPoint(text, array);
      return { start: at, end: at, text: `${indentAt(text, array.start)}${indent}<item>${writeContent(unit.target[0] ?? '')}</item>${codec.eol}` };
    });
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => rewriteSlot(text, slot, unit, options, indent, codec.eol),
      append: (all) => renderNew(all.filter((unit) => !intoArrays.includes(unit)), options, indent, codec.eol),
    }, extra);
    return encodeText(withoutEmptiedArrays(patched, [...arrays.values()]), codec);
  }
}

/**
 * A `<string-array>` whose items were all removed (a new translation started from the template) goes too: Android
 * would take the empty array over the base language's instead of falling back to it.
 */
function withoutEmptiedArrays(text: string, before: XmlElement[]): string {
  const hadItems = new Set(before.filter((array) => elements(array, 'item').length > 0).map((array) => attribute(array, 'name')));
  const { root } = parseXml(text);
  const emptied = elements(root, 'string-array').filter((array) => hadItems.has(attribute(array, 'name')) && elements(array, 'item').length === 0);
  return applyEdits(text, emptied.map((array) => ({ ...wholeLines(text, array.start, array.end), text: '' })));
}

/** `categories`: the translation's plural categories, which place each quantity's text at its form index. */
function read(data: Buffer, categories?: readonly string[]): AndroidDocument {
  const codec = decodeText(data);
  const { text, root } = parseXml(codec.text);
  if (root.name !== 'resources') throw new FormatError(`root element is <${root.name}>, expected <resources>`);
  const slots: AndroidSlot[] = [];
  let note = '';
  for (const child of root.children) {
    if (child.kind === 'comment') note = child.value.trim();
    if (child.kind !== 'element') continue;
    const name = attribute(child, 'name') ?? '';
    const extra = { note, state: attribute(child, 'translatable') === 'false' ? UnitState.ReadOnly : undefined };
    note = '';
    const range = wholeLines(text, child.start, child.end);
    if (child.name === 'string') {
      slots.push({ ...range, element: child, unit: unitFor(name, [readContent(text, child)], extra) });
    } else if (child.name === 'plurals') {
      const items = new Map(elements(child, 'item').map((item) => [attribute(item, 'quantity') ?? '', item]));
      const forms = (categories ?? sortCategories(items.keys())).map((quantity) => (items.has(quantity) ? readContent(text, items.get(quantity)!) : ''));
      slots.push({ ...range, element: child, items, unit: unitFor(name, forms, extra) });
    } else if (child.name === 'string-array') {
      elements(child, 'item').forEach((item, index) => {
        const unit = unitFor(`${name}[${index}]`, [readContent(text, item)], extra);
        slots.push({ ...wholeLines(text, item.start, item.end), element: item, unit });
      });
    }
  }
  numbered(slots.map((slot) => slot.unit));
  const first = elements(root)[0];
  const indent = first ? indentAt(text, first.start) || '    ' : '    ';
  return { text, slots, appendAt: insertionPoint(text, root), codec, root, indent };
}

function unitFor(key: string, values: string[], extra: { note: string; state?: UnitState }): TranslationUnit {
  const unit = keyedUnit(key, values, { note: extra.note });
  if (extra.state !== undefined) unit.state = extra.state;
  return unit;
}

function rewriteSlot(text: string, slot: AndroidSlot, unit: TranslationUnit, options: SerializeOptions, indent: string, eol: string): TextEdit[] {
  const { element, items } = slot;
  if (!items) return [replaceContent(text, element, writeContent(unit.target[0] ?? '', element))];
  return rewriteQuantities(text, element, items, unit, options, indent, eol);
}

/**
 * Each form goes to the `<item>` of its category; only items whose text changed are touched, and quantities the
 * language has no form for (a `zero` some translators add) stay as they are. A translated form whose quantity is
 * missing gets a new item after the previous category's.
 */
function rewriteQuantities(text: string, element: XmlElement, items: Map<string, XmlElement>, unit: TranslationUnit, options: SerializeOptions, indent: string, eol: string): TextEdit[] {
  const edits: TextEdit[] = [];
  const itemIndent = items.size > 0 ? indentAt(text, [...items.values()][0].start) : indentAt(text, element.start) + indent;
  let previousEnd = element.openEnd;
  pluralCategories(unit.target.length, options).forEach((quantity, index) => {
    const value = unit.target[index];
    const item = items.get(quantity);
    if (item) {
      if (readContent(text, item) !== value) edits.push(replaceContent(text, item, writeContent(value, item)));
      previousEnd = item.end;
    } else if (value !== '') {
      edits.push({ start: previousEnd, end: previousEnd, text: `${eol}${itemIndent}${pluralItem(quantity, value)}` });
    }
  });
  return edits;
}

function pluralItem(quantity: string, value: string): string {
  return `<item quantity="${quantity}">${writeContent(value)}</item>`;
}

/** A new `<plurals>` gets the quantities the editor filled: an empty item would hide Android's fallback to `other`. */
function pluralItems(unit: TranslationUnit, options: SerializeOptions): string[] {
  const untranslated = unit.target.every((form) => form === '');
  return pluralCategories(unit.target.length, options)
    .map((quantity, index) => ({ quantity, value: unit.target[index] }))
    .filter(({ value }) => untranslated || value !== '')
    .map(({ quantity, value }) => pluralItem(quantity, value));
}

function renderNew(units: TranslationUnit[], options: SerializeOptions, indent: string, eol: string): string {
  // Items of one new array become one <string-array>, placed where its first item comes.
  const groups = new Map<string, TranslationUnit[]>();
  for (const unit of units) {
    const array = ARRAY_ITEM.exec(unit.context)?.[1];
    const key = array === undefined ? `unit:${unit.id}` : `array:${array}`;
    groups.set(key, [...(groups.get(key) ?? []), unit]);
  }
  return [...groups.values()].flatMap((group) => newElement(group, options, indent)).map((line) => `${indent}${line}${eol}`).join('');
}

function newElement(group: TranslationUnit[], options: SerializeOptions, indent: string): string[] {
  const [unit] = group;
  const array = ARRAY_ITEM.exec(unit.context)?.[1];
  if (array !== undefined) {
    const items = group.map((item) => `${indent}<item>${writeContent(item.target[0] ?? '')}</item>`);
    return [`<string-array name="${escapeXmlAttribute(array)}">`, ...items, '</string-array>'];
  }
  const name = escapeXmlAttribute(unit.context);
  if (unit.source.length > 1 || unit.target.length > 1) {
    return [`<plurals name="${name}">`, ...pluralItems(unit, options).map((item) => indent + item), '</plurals>'];
  }
  return [`<string name="${name}">${writeContent(unit.target[0] ?? '')}</string>`];
}
