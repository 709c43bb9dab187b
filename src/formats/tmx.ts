import { FormatError } from './translation-format';
import { attribute, elements, escapeXmlAttribute, escapeXmlText, parseXml, textContent, withoutXmlInvalidCharacters, XmlElement } from './xml-scanner';

/**
 * Translation memory exchange (TMX 1.4): written for downloads (a translation's units, the memory's entries) and
 * read for imports into the memory. One `<tu>` pairs a source segment with a target segment; a note is `<note>`.
 */
export interface TmxPair {
  source: string;
  target: string;
  sourceLanguage: string;
  targetLanguage: string;
  note?: string;
}

/** What one import may hold, so a file within the upload size cannot still exhaust the server. */
export interface TmxLimits {
  maxPairs: number;
}

export function writeTmx(pairs: Iterable<TmxPair>, sourceLanguage: string): Buffer {
  const text = (value: string) => escapeXmlText(withoutXmlInvalidCharacters(value));
  const lang = (value: string) => escapeXmlAttribute(withoutXmlInvalidCharacters(value));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Weblate" creationtoolversion="1.0" segtype="sentence" o-tmf="UTF-8" adminlang="en" srclang="${lang(sourceLanguage)}" datatype="plaintext"/>`,
    '  <body>',
  ];
  for (const pair of pairs) {
    lines.push('    <tu>');
    if (pair.note) lines.push(`      <note>${text(pair.note)}</note>`);
    lines.push(`      <tuv xml:lang="${lang(pair.sourceLanguage)}"><seg>${text(pair.source)}</seg></tuv>`);
    lines.push(`      <tuv xml:lang="${lang(pair.targetLanguage)}"><seg>${text(pair.target)}</seg></tuv>`);
    lines.push('    </tu>');
  }
  lines.push('  </body>', '</tmx>', '');
  return Buffer.from(lines.join('\n'));
}

/**
 * The pairs of a TMX file: each `<tu>` gives one pair per segment in a language other than the source language
 * (the header's `srclang`, or the unit's own). Units lacking the source language, and empty segments, are passed
 * over, as Weblate does. Entities are never expanded (xml-scanner refuses declaring them).
 */
export function readTmx(data: Buffer, limits: TmxLimits): TmxPair[] {
  const { root } = parseXml(data.toString('utf8'));
  if (root.name !== 'tmx') throw new FormatError(`not a TMX file: the root element is <${root.name}>, not <tmx>`);
  const header = elements(root, 'header')[0];
  const headerSource = header && attribute(header, 'srclang');
  if (!headerSource) throw new FormatError('the TMX header names no source language (srclang)');
  const pairs: TmxPair[] = [];
  for (const body of elements(root, 'body')) {
    for (const unit of elements(body, 'tu')) {
      const unitSource = attribute(unit, 'srclang');
      const sourceLanguage = unitSource && unitSource !== '*all*' ? unitSource : headerSource;
      const segments = elements(unit, 'tuv').map(segment).filter((found) => found.text !== '');
      const source = segments.find((found) => sameLanguage(found.language, sourceLanguage));
      if (!source) continue;
      for (const target of segments) {
        if (target === source) continue;
        if (pairs.length === limits.maxPairs) throw new FormatError(`the file holds more than ${limits.maxPairs} translation pairs`);
        pairs.push({ source: source.text, target: target.text, sourceLanguage: source.language, targetLanguage: target.language });
      }
    }
  }
  return pairs;
}

/** TMX 1.4 names a segment's language `xml:lang`, older files `lang`. */
function segment(variant: XmlElement): { language: string; text: string } {
  const language = attribute(variant, 'xml:lang') ?? attribute(variant, 'lang');
  if (!language) throw new FormatError('a <tuv> names no language (xml:lang)');
  const seg = elements(variant, 'seg')[0];
  return { language, text: seg ? textContent(seg) : '' };
}

function sameLanguage(a: string, b: string): boolean {
  const normal = (code: string) => code.toLowerCase().replace(/-/g, '_');
  return normal(a) === normal(b);
}
