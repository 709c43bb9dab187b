import { EntryLayout, EntrySlot, TextEdit, applyEdits, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { makeUnit, numbered, stateFor } from './units';
import { insertionPoint, setAttributes } from './xml-edit';
import { XmlElement, attribute, elements, escapeXmlAttribute, parseXml, textContent } from './xml-scanner';

/**
 * Qt Linguist TS (Weblate `ts`), bilingual: `<context><name>` groups `<message>`s; the unit context is the context
 * name plus the message's disambiguation `<comment>`. `type="unfinished"` marks strings needing editing, vanished and
 * obsolete messages are not units, `numerus="yes"` messages hold one `<numerusform>` per plural form.
 */

interface TsSlot extends EntrySlot {
  translation?: XmlElement;
  forms: XmlElement[];
}

interface TsDocument extends EntryLayout<TsSlot> {
  codec: DecodedText;
  root: XmlElement;
  language?: string;
  contexts: Map<string, XmlElement>;
  indent: string;
}

const NEW_FILE = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1">\n</TS>\n';

/** lupdate escapes quotes in text too. */
function escapeTs(value: string): string {
  return escapeXmlAttribute(value).replace(/'/g, '&apos;');
}

export class TsFormat implements TranslationFormat {
  readonly id = 'ts';
  readonly name = 'Qt Linguist translation file (v2)';
  readonly extensions = ['ts'];
  readonly monolingual = false;

  parse(data: Buffer): ParsedFile {
    const document = read(data);
    return { units: document.slots.map((slot) => slot.unit), header: { language: document.language } };
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = read(options.original ?? options.template ?? Buffer.from(NEW_FILE));
    const { text, codec, indent } = document;
    const known = new Set(document.slots.map((slot) => slot.unit.id));
    const added = units.filter((unit) => !known.has(unit.id));
    const byContext = new Map<string, TranslationUnit[]>();
    for (const unit of added) byContext.set(contextName(unit), [...(byContext.get(contextName(unit)) ?? []), unit]);
    // New messages join their <context> when the file has it; other contexts are created before </TS>.
    const extra: TextEdit[] = [...byContext].filter(([name]) => document.contexts.has(name)).map(([name, group]) => {
      const context = document.contexts.get(name)!;
      const at = insertionPoint(text, context);
      return { start: at, end: at, text: group.map((unit) => messageLines(unit, indentAt(text, context.start) + indent, indent, codec.eol)).join('') };
    });
    // A file made from the base (or from nothing) names its language, as lrelease and Qt Linguist expect.
    if (!options.original && document.language !== options.language) extra.push(...setAttributes(text, document.root, { language: options.language }));
    const patched = rewriteEntries(document, units, {
      removable: true,
      stateKey: (unit) => String(unit.state === UnitState.Fuzzy || unit.state === UnitState.Empty),
      rewrite: (unit, slot) => rewriteMessage(text, slot, unit, indent, codec.eol),
      append: () => [...byContext].filter(([name]) => !document.contexts.has(name)).map(([name, group]) =>
        `<context>${codec.eol}${indent}<name>${escapeTs(name)}</name>${codec.eol}` +
        group.map((unit) => messageLines(unit, indent, indent, codec.eol)).join('') + `</context>${codec.eol}`,
      ).join(''),
    }, extra);
    return encodeText(patched, codec);
  }
}

function read(data: Buffer): TsDocument {
  const codec = decodeText(data);
  const { text, root } = parseXml(codec.text);
  if (root.name !== 'TS') throw new FormatError(`root element is <${root.name}>, expected <TS>`);
  const slots: TsSlot[] = [];
  const contexts = new Map<string, XmlElement>();
  for (const context of elements(root, 'context')) {
    const name = textContent(elements(context, 'name')[0] ?? context);
    contexts.set(name, context);
    for (const message of elements(context, 'message')) {
      const child = (tag: string): string => elements(message, tag).map(textContent).join('\n');
      const translation = elements(message, 'translation')[0];
      const type = translation && attribute(translation, 'type');
      if (type === 'vanished' || type === 'obsolete') continue;
      const numerus = attribute(message, 'numerus') === 'yes';
      const forms = numerus && translation ? elements(translation, 'numerusform') : [];
      const target = forms.length > 0 ? forms.map(textContent) : [translation ? textContent(translation) : ''];
      const unit = makeUnit(false, {
        context: [name, child('comment'), attribute(message, 'id') ?? ''].filter(Boolean).join('\n'),
        source: numerus ? numerusSource(child('source')) : [child('source')],
        target,
        state: stateFor(target, type === 'unfinished'),
        note: [child('extracomment'), child('translatorcomment')].filter(Boolean).join('\n'),
        location: elements(message, 'location').map((location) => [attribute(location, 'filename'), attribute(location, 'line')].filter(Boolean).join(':')).join(', '),
        previousSource: child('oldsource'),
      });
      slots.push({ unit, translation, forms, ...wholeLines(text, message.start, message.end) });
    }
  }
  numbered(slots.map((slot) => slot.unit));
  const firstContext = elements(root, 'context')[0];
  const firstChild = firstContext && elements(firstContext)[0];
  const indent = (firstChild && indentAt(text, firstChild.start)) || '    ';
  return { text, slots, appendAt: insertionPoint(text, root), codec, root, language: attribute(root, 'language'), contexts, indent };
}

/**
 * A numerus message has one source text for every count; as Weblate does (`TSUnit.source`), it is shown as a plural,
 * singular without and plural with the `(s)` lupdate sources use, so the API takes the language's number of forms.
 */
function numerusSource(source: string): string[] {
  return [source.replace(/\(s\)/g, ''), source.replace(/\(s\)/g, 's')];
}

/** The first line of a unit context is the TS context name; the rest is the message's disambiguation comment. */
function contextName(unit: TranslationUnit): string {
  return unit.context.split('\n')[0];
}

function translationTag(unit: TranslationUnit): string {
  return unit.state === UnitState.Fuzzy || unit.state === UnitState.Empty ? '<translation type="unfinished">' : '<translation>';
}

/** The `<translation>` element rebuilt: its type follows the state; numerus forms keep their layout when the count matches. */
function rewriteMessage(text: string, slot: TsSlot, unit: TranslationUnit, indent: string, eol: string): TextEdit[] {
  const { translation, forms } = slot;
  if (!translation) return [];
  let inner = unit.target.map(escapeTs).join('');
  if (forms.length > 0 && forms.length === unit.target.length) {
    const relative = forms.map((form, index) => ({ start: form.openEnd - translation.openEnd, end: form.closeStart - translation.openEnd, text: escapeTs(unit.target[index]) }));
    inner = applyEdits(text.slice(translation.openEnd, translation.closeStart), relative);
  } else if (forms.length > 0 || unit.source.length > 1) {
    // A numerus message lupdate left without forms (`<translation type="unfinished"/>`) gets them too.
    const formIndent = forms.length > 0 ? indentAt(text, forms[0].start) : indentAt(text, translation.start) + indent;
    inner = unit.target.map((form) => `${eol}${formIndent}<numerusform>${escapeTs(form)}</numerusform>`).join('') + eol + indentAt(text, translation.start);
  }
  return [{ start: translation.start, end: translation.end, text: `${translationTag(unit)}${inner}</translation>` }];
}

function messageLines(unit: TranslationUnit, at: string, indent: string, eol: string): string {
  const inner = at + indent;
  const comment = unit.context.split('\n').slice(1).join('\n');
  const plural = unit.source.length > 1 || unit.target.length > 1;
  const translation = plural
    ? `${translationTag(unit)}${unit.target.map((form) => `${eol}${inner}${indent}<numerusform>${escapeTs(form)}</numerusform>`).join('')}${eol}${inner}</translation>`
    : `${translationTag(unit)}${escapeTs(unit.target[0] ?? '')}</translation>`;
  return [
    `${at}<message${plural ? ' numerus="yes"' : ''}>`,
    `${inner}<source>${escapeTs(unit.source[0] ?? '')}</source>`,
    ...(comment ? [`${inner}<comment>${escapeTs(comment)}</comment>`] : []),
    `${inner}${translation}`,
    `${at}</message>`,
  ].map((line) => line + eol).join('');
}
