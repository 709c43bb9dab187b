import { EntryLayout, EntrySlot, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';
import { insertionPoint, replaceContent } from './xml-edit';
import { XmlElement, attribute, elements, escapeXmlAttribute, escapeXmlText, parseXml, textContent } from './xml-scanner';

/**
 * .NET resources (Weblate `resx`): `<data name="key"><value>…</value><comment>…</comment></data>`. Data entries with
 * a `type` or `mimetype` (images, serialized objects) are not strings and are kept untouched.
 */

interface ResxSlot extends EntrySlot {
  data: XmlElement;
  value?: XmlElement;
}

interface ResxDocument extends EntryLayout<ResxSlot> {
  codec: DecodedText;
  indent: string;
}

const NEW_FILE = `<?xml version="1.0" encoding="utf-8"?>
<root>
  <resheader name="resmimetype">
    <value>text/microsoft-resx</value>
  </resheader>
  <resheader name="version">
    <value>2.0</value>
  </resheader>
  <resheader name="reader">
    <value>System.Resources.ResXResourceReader, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089</value>
  </resheader>
  <resheader name="writer">
    <value>System.Resources.ResXResourceWriter, System.Windows.Forms, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089</value>
  </resheader>
</root>
`;

export class ResxFormat implements TranslationFormat {
  readonly id = 'resx';
  readonly name = '.NET resource file';
  readonly extensions = ['resx'];
  readonly monolingual = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => read(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = read(options.original ?? options.template ?? Buffer.from(NEW_FILE));
    const { text, indent, codec } = document;
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => {
        const content = escapeXmlText(unit.target[0] ?? '');
        if (slot.value) return [replaceContent(text, slot.value, content)];
        return [{ start: slot.data.openEnd, end: slot.data.openEnd, text: `<value>${content}</value>` }];
      },
      append: (added) => added.map((unit) => {
        const inner = `${indent}${indent}`;
        const comment = unit.note ? `${inner}<comment>${escapeXmlText(unit.note)}</comment>${codec.eol}` : '';
        return `${indent}<data name="${escapeXmlAttribute(unit.context)}" xml:space="preserve">${codec.eol}` +
          `${inner}<value>${escapeXmlText(unit.target[0] ?? '')}</value>${codec.eol}${comment}${indent}</data>${codec.eol}`;
      }).join(''),
    });
    return encodeText(patched, codec);
  }
}

function read(data: Buffer): ResxDocument {
  const codec = decodeText(data);
  const { text, root } = parseXml(codec.text);
  if (root.name !== 'root') throw new FormatError(`root element is <${root.name}>, expected <root>`);
  const slots: ResxSlot[] = elements(root, 'data')
    .filter((data) => attribute(data, 'type') === undefined && attribute(data, 'mimetype') === undefined)
    .map((data) => {
      const value = elements(data, 'value')[0];
      const comment = elements(data, 'comment')[0];
      const unit = keyedUnit(attribute(data, 'name') ?? '', [value ? textContent(value) : ''], { note: comment ? textContent(comment) : '' });
      return { unit, data, value, ...wholeLines(text, data.start, data.end) };
    });
  numbered(slots.map((slot) => slot.unit));
  const first = elements(root)[0];
  return { text, slots, appendAt: insertionPoint(text, root), codec, indent: (first && indentAt(text, first.start)) || '  ' };
}
