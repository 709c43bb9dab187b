import { pluralCategories, sortCategories } from './plurals';
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
  /** The `<string>` elements holding the forms, in form order. */
  leaves: XmlElement[];
  /** For a variable: its `<dict>` and its format value type. */
  variable?: { dict: XmlElement; valueType?: string };
}

export class StringsdictFormat implements TranslationFormat {
  readonly id = 'stringsdict';
  readonly name = 'Stringsdict file';
  readonly extensions = ['stringsdict'];
  readonly monolingual = true;
  readonly bilingualCapable = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => read(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template;
    if (!base) return encodeText(renderPlist(units, new Map(), options, '\t', '\n'), NEW_TEXT);
    const document = read(base);
    const { text, codec } = document;
    const patched = rewriteEntries({ text, slots: document.slots, appendAt: 0 }, units, {
      rewrite: (unit, slot) => rewriteSlot(text, slot, unit, options, codec.eol),
    });
    const valueTypes = new Map(document.slots.map((slot) => [slot.unit.id, slot.variable?.valueType]));
    const indent = indentAt(text, elements(document.root)[0]?.start ?? 0) || '\t';
    return encodeText(patched ?? renderPlist(units, valueTypes, options, indent, codec.eol), codec);
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

function read(data: Buffer): { text: string; codec: DecodedText; root: XmlElement; slots: DictSlot[] } {
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
        const categories = sortCategories(fields.keys());
        const leaves = categories.map((category) => fields.get(category)!);
        const valueType = fields.has(VALUE_TYPE) ? textContent(fields.get(VALUE_TYPE)!) : undefined;
        const unit = keyedUnit(`${outer.key}:${inner.key}`, leaves.map(textContent));
        slots.push({ ...range, unit, leaves, variable: { dict: inner.value, valueType } });
      }
    }
  }
  numbered(slots.map((slot) => slot.unit));
  return { text, codec, root, slots };
}

function rewriteSlot(text: string, slot: DictSlot, unit: TranslationUnit, options: SerializeOptions, eol: string): TextEdit[] {
  if (slot.leaves.length === unit.target.length) {
    return slot.leaves.map((leaf, index) => ({ start: leaf.openEnd, end: leaf.closeStart, text: escapeXmlText(unit.target[index]) }));
  }
  // Another number of forms: the category pairs are replaced, the spec/value type pairs stay.
  const categoryPairs = pairs(slot.variable!.dict).filter((pair) => sortCategories([pair.key]).length === 1);
  const indent = indentAt(text, categoryPairs[0]?.keyElement.start ?? slot.variable!.dict.closeStart);
  const lines = categoryLines(unit, options).map((line) => `${indent}${line}${eol}`).join('');
  if (categoryPairs.length === 0) {
    const at = wholeLines(text, slot.variable!.dict.closeStart, slot.variable!.dict.end).start;
    return [{ start: at, end: at, text: lines }];
  }
  const first = wholeLines(text, categoryPairs[0].keyElement.start, categoryPairs[0].keyElement.end).start;
  const last = categoryPairs[categoryPairs.length - 1].value;
  return [{ start: first, end: wholeLines(text, last.start, last.end).end, text: lines }];
}

function categoryLines(unit: TranslationUnit, options: SerializeOptions): string[] {
  return pluralCategories(unit.target.length, options).flatMap((category, index) => [
    `<key>${category}</key>`,
    `<string>${escapeXmlText(unit.target[index])}</string>`,
  ]);
}

/** `key:variable` → `key`; like translate-toolkit, the last colon separates the variable. */
function outerKey(id: string): string {
  const split = id.lastIndexOf(':');
  return split > 0 ? id.slice(0, split) : id;
}

/** The whole plist, laid out as plutil/plistlib do, for when entries were added or removed. */
function renderPlist(units: readonly TranslationUnit[], valueTypes: Map<string, string | undefined>, options: SerializeOptions, indent: string, eol: string): string {
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
      const valueType = valueTypes.get(unit.id);
      if (valueType !== undefined) {
        at(3, `<key>${VALUE_TYPE}</key>`);
        at(3, `<string>${escapeXmlText(valueType)}</string>`);
      }
      categoryLines(unit, options).forEach((line) => at(3, line));
      at(2, '</dict>');
    }
    at(1, '</dict>');
  }
  lines.push('</dict>', '</plist>', '');
  return lines.join(eol);
}
