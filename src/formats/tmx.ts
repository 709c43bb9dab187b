import { SerializeOptions, TranslationUnit } from './translation-format';
import { escapeXmlAttribute, escapeXmlText } from './xml-scanner';

/**
 * Translation memory exchange (TMX 1.4), written for downloads only: one `<tu>` per unit pairing its first source
 * and target forms, with the note as `<note>`. Memory has no context, so none is written.
 */
export function writeTmx(units: readonly TranslationUnit[], options: Pick<SerializeOptions, 'language' | 'sourceLanguage'>): Buffer {
  const source = escapeXmlAttribute(options.sourceLanguage ?? 'en');
  const target = escapeXmlAttribute(options.language);
  const entries = units.map((unit) => [
    '    <tu>',
    ...(unit.note ? [`      <note>${escapeXmlText(unit.note)}</note>`] : []),
    `      <tuv xml:lang="${source}"><seg>${escapeXmlText(unit.source[0] ?? '')}</seg></tuv>`,
    `      <tuv xml:lang="${target}"><seg>${escapeXmlText(unit.target[0] ?? '')}</seg></tuv>`,
    '    </tu>',
  ]);
  return Buffer.from([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tmx version="1.4">',
    `  <header creationtool="Weblate" creationtoolversion="1.0" segtype="sentence" o-tmf="UTF-8" adminlang="en" srclang="${source}" datatype="plaintext"/>`,
    '  <body>',
    ...entries.flat(),
    '  </body>',
    '</tmx>',
    '',
  ].join('\n'));
}
