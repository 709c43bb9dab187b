import { EntryLayout, EntrySlot, TextEdit, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { makeUnit, numbered } from './units';
import { descendants, insertionPoint, replaceContent } from './xml-edit';
import { XmlElement, attribute, elements, escapeXmlAttribute, escapeXmlText, parseXml, textContent } from './xml-scanner';

/**
 * TermBase eXchange glossaries (Weblate `tbx`, TBX 2 / MARTIF): each `<termEntry>` is a unit whose `id` is the context;
 * the `<langSet>` in the file's language (`<martif xml:lang>`) holds the source term, another langSet the target.
 * `<descrip>` and `<note>` anywhere in the entry are its notes. Terms are plain text and have no plural forms: a
 * plural unit is written with its first form.
 */

interface TbxSlot extends EntrySlot {
  entry: XmlElement;
  sourceSet?: XmlElement;
  targetSet?: XmlElement;
  targetTerm?: XmlElement;
}

interface TbxDocument extends EntryLayout<TbxSlot> {
  codec: DecodedText;
  sourceLanguage: string;
  /** Indentation of one level, and of a `<termEntry>`. */
  indent: string;
  entryIndent: string;
}

function newFile(sourceLanguage: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif PUBLIC "ISO 12200:1999A//DTD MARTIF core (DXFcdV04)//EN" "TBXcdv04.dtd">
<martif type="TBX" xml:lang="${escapeXmlAttribute(sourceLanguage)}">
  <martifHeader>
    <fileDesc>
      <sourceDesc>
        <p>Weblate</p>
      </sourceDesc>
    </fileDesc>
  </martifHeader>
  <text>
    <body>
    </body>
  </text>
</martif>
`;
}

export class TbxFormat implements TranslationFormat {
  readonly id = 'tbx';
  readonly name = 'TermBase eXchange file';
  readonly extensions = ['tbx'];
  readonly monolingual = false;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    const document = read(data, options.language);
    const targetSet = document.slots.find((slot) => slot.targetSet)?.targetSet;
    return { units: document.slots.map((slot) => slot.unit), header: { language: targetSet && attribute(targetSet, 'xml:lang') } };
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template ?? Buffer.from(newFile(options.sourceLanguage ?? 'en'));
    const document = read(base, options.language);
    const { text, codec, indent, entryIndent, sourceLanguage } = document;
    const eol = codec.eol;
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => rewriteTarget(text, slot, unit, options.language, indent, eol),
      append: (added) => added.map((unit) => renderEntry(unit, sourceLanguage, options.language, entryIndent, indent, eol)).join(''),
    });
    return encodeText(patched, codec);
  }
}

function read(data: Buffer, language: string | undefined): TbxDocument {
  const codec = decodeText(data);
  const { text, root } = parseXml(codec.text);
  if (root.name !== 'martif') throw new FormatError(`root element is <${root.name}>, expected <martif>`);
  const body = descendants(root, 'body')[0];
  if (!body) throw new FormatError('no <body> element');
  const sourceLanguage = attribute(root, 'xml:lang') ?? 'en';
  const slots: TbxSlot[] = descendants(body, 'termEntry').map((entry) => {
    const sets = elements(entry, 'langSet');
    const sourceSet = sets.find((set) => sameLanguage(attribute(set, 'xml:lang'), sourceLanguage)) ?? sets[0];
    const others = sets.filter((set) => set !== sourceSet);
    const targetSet = (language && others.find((set) => sameLanguage(attribute(set, 'xml:lang'), language))) || others[0];
    const targetTerm = targetSet && descendants(targetSet, 'term')[0];
    const unit = makeUnit(false, {
      context: attribute(entry, 'id') ?? '',
      source: [firstTerm(sourceSet)],
      target: [firstTerm(targetSet)],
      note: [...descendants(entry, 'descrip'), ...descendants(entry, 'note')].map(textContent).join('\n'),
    });
    return { unit, entry, sourceSet, targetSet, targetTerm, ...wholeLines(text, entry.start, entry.end) };
  });
  numbered(slots.map((slot) => slot.unit));
  // New entries copy the indentation of the first entry and of its first child.
  const first = slots[0]?.entry;
  const child = first && elements(first)[0];
  const entryIndent = first ? indentAt(text, first.start) : `${indentAt(text, body.start)}  `;
  const indent = (child && indentAt(text, child.start).slice(entryIndent.length)) || '  ';
  return { text, slots, appendAt: insertionPoint(text, body), codec, sourceLanguage, indent, entryIndent };
}

function firstTerm(set: XmlElement | undefined): string {
  const term = set && descendants(set, 'term')[0];
  return term ? textContent(term) : '';
}

/** `pt_BR` and `pt-br` name the same language. */
function sameLanguage(a: string | undefined, b: string): boolean {
  const normalize = (code: string): string => code.toLowerCase().replace(/_/g, '-');
  return a !== undefined && normalize(a) === normalize(b);
}

function rewriteTarget(text: string, slot: TbxSlot, unit: TranslationUnit, language: string, indent: string, eol: string): TextEdit[] {
  if (slot.targetTerm) return [replaceContent(text, slot.targetTerm, escapeXmlText(unit.target[0] ?? ''))];
  // No target term yet: a new langSet right after the source one (replacing an empty target langSet).
  const setIndent = indentAt(text, (slot.sourceSet ?? slot.entry).start) || indent;
  const lines = langSetLines(language, unit.target[0] ?? '', indent).map((line, index) => (index === 0 ? line : setIndent + line)).join(eol);
  if (slot.targetSet) return [{ start: slot.targetSet.start, end: slot.targetSet.end, text: lines }];
  const after = slot.sourceSet?.end ?? slot.entry.openEnd;
  return [{ start: after, end: after, text: `${eol}${setIndent}${lines}` }];
}

function langSetLines(language: string, value: string, indent: string): string[] {
  return [
    `<langSet xml:lang="${escapeXmlAttribute(language)}">`,
    `${indent}<tig>`,
    `${indent}${indent}<term>${escapeXmlText(value)}</term>`,
    `${indent}</tig>`,
    '</langSet>',
  ];
}

function renderEntry(unit: TranslationUnit, sourceLanguage: string, language: string, at: string, indent: string, eol: string): string {
  const id = unit.context ? ` id="${escapeXmlAttribute(unit.context)}"` : '';
  const inner = [
    ...langSetLines(sourceLanguage, unit.source[0] ?? '', indent),
    ...langSetLines(language, unit.target[0] ?? '', indent),
    ...(unit.note ? [`<note>${escapeXmlText(unit.note)}</note>`] : []),
  ];
  return [`<termEntry${id}>`, ...inner.map((line) => indent + line), '</termEntry>'].map((line) => `${at}${line}${eol}`).join('');
}
