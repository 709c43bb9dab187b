import { isCategory, pluralCategories, sortCategories } from './plurals';
import { EntrySlot, TextEdit, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, NEW_TEXT, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';
import { XmlElement, elements, escapeXmlText, parseXml, textContent } from './xml-scanner';

/**
 * Apple `.stringsdict` (Weblate `stringsdict`), split into units as translate-toolkit does: `key` holds the
 * NSStringLocalizedFormatKey string, `key:variable` the plural forms of one variable (by CLDR category).
 * Edits are patched in place; when units are added or removed the plist is written anew.
 */

const FORMAT_KEY = 'NSStringLocalizedFormatKey';
const SPEC_TYPE = 'NSStringFormatSpecTypeKey';
const VALUE_TYPE = 'NSStringFormatValueTypeKey';

interface Pair {
  key: string;
  keyElement: XmlElement;
  value: XmlElement;
}

interface DictSlot extends EntrySlot {
  /** The `<string>` elements holding the forms, in form order; a category the variable lacks has none. */
  leaves: (XmlElement | undefined)[];
  /** For a variable: its `<dict>` and its format value type. */
  variable?: { dict: XmlElement; valueType?: string; categories: FileCategories };
}

/** The plural categories one variable has in the file: all of them, and the text of those outside the language's. */
interface FileCategories {
  present: Set<string>;
  extra: Map<string, string>;
}

export class StringsdictFormat implements TranslationFormat {
  readonly id = 'stringsdict';
  readonly name = 'Stringsdict file';
  readonly extensions = ['stringsdict'];
  readonly monolingual = true;
  readonly bilingualCapable = true;
  readonly pluralsByCategory = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file, categories) => read(file, categories).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template;
    if (!base) return encodeText(renderPlist(units, new Map(), options, '\t', '\n'), NEW_TEXT);
    const document = read(base, options.pluralCategories);
    const { text, codec } = document;
    const patched = rewriteEntries({ text, slots: document.slots, appendAt: 0 }, units, {
      rewrite: (unit, slot) => rewriteSlot(text, slot, unit, options, codec.eol),
    });
    const variables = new Map(document.slots.flatMap((slot) => (slot.variable ? [[slot.unit.id, slot.variable] as const] : [])));
    const indent = indentAt(text, elements(document.root)[0]?.start ?? 0) || '\t';
    return encodeText(patched ?? renderPlist(units, variables, options, indent, codec.eol), codec);
  }
}

function pairs(dict: XmlElement): Pair[] {
  const children = elements(dict);
  const result: Pair[] = [];
  for (let index = 0; index + 1 < children.length; index += 2) {
    if (children[index].name !== 'key') throw new FormatError(`expected <key> in <dict>, found <${children[index].name}>`);
    result.push({ key: textContent(children[index]), keyElement: children[index], value: children[index + 1] });
  }
  return result;
}

/** `categories`: the translation's plural categories, which place each category's text at its form index. */
function read(data: Buffer, categories?: readonly string[]): { text: string; codec: DecodedText; root: XmlElement; slots: DictSlot[] } {
  const codec = decodeText(data);
  const { text, root } = parseXml(codec.text);
  const top = elements(root, 'dict')[0];
  if (root.name !== 'plist' || !top) throw new FormatError('expected a <plist> with a <dict>');
  const slots: DictSlot[] = [];
  for (const outer of pairs(top)) {
    if (outer.value.name !== 'dict') throw new FormatError(`${outer.key} is not a dict`);
    for (const inner of pairs(outer.value)) {
      const range = wholeLines(text, inner.keyElement.start, inner.value.end);
      if (inner.key === FORMAT_KEY) {
        slots.push({ ...range, unit: keyedUnit(outer.key, [textContent(inner.value)]), leaves: [inner.value] });
      } else if (inner.value.name === 'dict') {
        const fields = new Map(pairs(inner.value).map((pair) => [pair.key, pair.value]));
        const forms = categories ?? sortCategories(fields.keys());
        const leaves = forms.map((category) => fields.get(category));
        const valueType = fields.has(VALUE_TYPE) ? textContent(fields.get(VALUE_TYPE)!) : undefined;
        const present = new Set(sortCategories(fields.keys()));
        const extra = new Map([...present].filter((category) => !forms.includes(category)).map((category) => [category, textContent(fields.get(category)!)]));
        const unit = keyedUnit(`${outer.key}:${inner.key}`, leaves.map((leaf) => (leaf ? textContent(leaf) : '')));
        slots.push({ ...range, unit, leaves, variable: { dict: inner.value, valueType, categories: { present, extra } } });
      }
    }
  }
  numbered(slots.map((slot) => slot.unit));
  return { text, codec, root, slots };
}

/**
 * Each form goes to the `<string>` of its category; only changed ones are touched, and categories the language has no
 * form for stay. A translated form whose category is missing gets its pair after the previous category's.
 */
function rewriteSlot(text: string, slot: DictSlot, unit: TranslationUnit, options: SerializeOptions, eol: string): TextEdit[] {
  if (!slot.variable) return [{ start: slot.leaves[0]!.openEnd, end: slot.leaves[0]!.closeStart, text: escapeXmlText(unit.target[0] ?? '') }];
  const { dict } = slot.variable;
  const byCategory = new Map(pairs(dict).filter((pair) => isCategory(pair.key)).map((pair) => [pair.key, pair]));
  const first = [...byCategory.values()][0];
  const indent = indentAt(text, first?.keyElement.start ?? elements(dict)[0]?.start ?? dict.closeStart);
  let insertAt = first ? wholeLines(text, first.keyElement.start, first.keyElement.end).start : wholeLines(text, dict.closeStart, dict.end).start;
  const edits: TextEdit[] = [];
  pluralCategories(unit.target.length, options).forEach((category, index) => {
    const value = unit.target[index];
    const pair = byCategory.get(category);
    if (pair) {
      if (textContent(pair.value) !== value) edits.push({ start: pair.value.openEnd, end: pair.value.closeStart, text: escapeXmlText(value) });
      insertAt = wholeLines(text, pair.value.start, pair.value.end).end;
    } else if (value !== '') {
      edits.push({ start: insertAt, end: insertAt, text: `${indent}<key>${category}</key>${eol}${indent}<string>${escapeXmlText(value)}</string>${eol}` });
    }
  });
  return edits;
}

/**
 * The category pairs of a variable written anew: those the file had (Weblate writes the gettext count of forms, and
 * translators add a `zero` the language lacks, which stays with its text) and the forms the editor filled; an empty
 * one would hide the fallback to `other`. A variable with nothing filled and no file behind it gets every form.
 */
function categoryLines(unit: TranslationUnit, options: SerializeOptions, file?: FileCategories): string[] {
  const untranslated = !file && unit.target.every((form) => form === '');
  const values = new Map(file?.extra);
  pluralCategories(unit.target.length, options).forEach((category, index) => {
    const value = unit.target[index] ?? '';
    if (untranslated || value !== '' || file?.present.has(category)) values.set(category, value);
  });
  return sortCategories(values.keys()).flatMap((category) => [`<key>${category}</key>`, `<string>${escapeXmlText(values.get(category)!)}</string>`]);
}

/** `key:variable` → `key`; like translate-toolkit, the last colon separates the variable. */
function outerKey(id: string): string {
  const split = id.lastIndexOf(':');
  return split > 0 ? id.slice(0, split) : id;
}

/** The whole plist, laid out as plutil/plistlib do, for when entries were added or removed. */
function renderPlist(units: readonly TranslationUnit[], variables: Map<string, { valueType?: string; categories: FileCategories }>, options: SerializeOptions, indent: string, eol: string): string {
  const byKey = new Map<string, TranslationUnit[]>();
  for (const unit of units) {
    byKey.set(outerKey(unit.id), [...(byKey.get(outerKey(unit.id)) ?? []), unit]);
  }
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">', '<plist version="1.0">', '<dict>'];
  const at = (depth: number, line: string): number => lines.push(indent.repeat(depth) + line);
  for (const [outer, group] of byKey) {
    at(1, `<key>${escapeXmlText(outer)}</key>`);
    at(1, '<dict>');
    for (const unit of group) {
      const variable = unit.id.slice(outer.length + 1);
      if (!variable) {
        at(2, `<key>${FORMAT_KEY}</key>`);
        at(2, `<string>${escapeXmlText(unit.target[0] ?? '')}</string>`);
        continue;
      }
      at(2, `<key>${escapeXmlText(variable)}</key>`);
      at(2, '<dict>');
      at(3, `<key>${SPEC_TYPE}</key>`);
      at(3, '<string>NSStringPluralRuleType</string>');
      const { valueType, categories } = variables.get(unit.id) ?? {};
      if (valueType !== undefined) {
        at(3, `<key>${VALUE_TYPE}</key>`);
        at(3, `<string>${escapeXmlText(valueType)}</string>`);
      }
      categoryLines(unit, options, categories).forEach((line) => at(3, line));
      at(2, '</dict>');
    }
    at(1, '</dict>');
  }
  lines.push('</dict>', '</plist>', '');
  return lines.join(eol);
}
