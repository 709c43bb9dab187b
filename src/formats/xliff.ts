import { formKey, unitKey } from './form-keys';
import { TextEdit } from './rewrite';
import { SerializeOptions, TranslationUnit, UnitState } from './translation-format';
import { XliffFormatBase, XliffSlot } from './xliff-base';
import { setAttributes, writeMixed } from './xml-edit';
import { XmlElement, attribute, elements, escapeXmlAttribute, escapeXmlText } from './xml-scanner';

/**
 * XLIFF 1.2 (Weblate `xliff`; `plainxliff` is the same file without placeable conversion, which this reader never
 * does: inline elements stay verbatim in the strings). State lives on `<target state>` and `approved="yes"`.
 */
export class XliffFormat extends XliffFormatBase {
  readonly id: string = 'xliff';
  readonly name: string = 'XLIFF 1.2 translation file';
  override readonly monolingualCapable = true;
  protected readonly unitTag = 'trans-unit';
  protected readonly containerTag = 'body';

  protected newFile(options: SerializeOptions): string {
    return '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n' +
      `  <file original="weblate" source-language="${escapeXmlAttribute(options.sourceLanguage ?? 'en')}" target-language="${escapeXmlAttribute(options.language)}" datatype="plaintext">\n` +
      '    <body>\n    </body>\n  </file>\n</xliff>\n';
  }

  protected languageAttribute(root: XmlElement): { element: XmlElement; name: string } | undefined {
    const file = elements(root, 'file')[0];
    return file && { element: file, name: 'target-language' };
  }

  protected holder(element: XmlElement): XmlElement {
    return element;
  }

  protected readState(element: XmlElement, _holder: XmlElement, target: XmlElement | undefined, translated: boolean): UnitState {
    if (!translated) return UnitState.Empty;
    if (attribute(element, 'approved') === 'yes') return UnitState.Approved;
    // Weblate's XLIFF_FUZZY_STATES plus the needs-review-* family.
    const state = target && attribute(target, 'state');
    return state === 'new' || state?.startsWith('needs-') ? UnitState.Fuzzy : UnitState.Translated;
  }

  protected targetAttributes(unit: TranslationUnit): Record<string, string | undefined> {
    if (unit.state === UnitState.Empty) return { state: 'needs-translation' };
    return { state: unit.state === UnitState.Fuzzy ? 'needs-review-translation' : unit.state === UnitState.Approved ? 'final' : 'translated' };
  }

  protected stateEdits(text: string, slot: XliffSlot, unit: TranslationUnit): TextEdit[] {
    const approved = unit.state === UnitState.Approved ? 'yes' : attribute(slot.element, 'approved') === undefined ? undefined : 'no';
    return setAttributes(text, slot.element, { approved });
  }

  /**
   * A plural unit is written the way translate-toolkit's PO-XLIFF does (gettext extension): a
   * `<group restype="x-gettext-plurals">` holding one trans-unit per form, ids suffixed `[n]` (`formKey`). The reader
   * does not merge such groups back; each form reads as its own unit, which uploads put back together.
   */
  protected renderUnit(unit: TranslationUnit, at: string, indent: string, eol: string): string {
    const id = unitKey(unit);
    if (unit.source.length === 1 && unit.target.length === 1) return this.transUnit(id, unit.source[0], unit.target[0], unit, at, indent, eol);
    const forms = unit.target.map((form, index) =>
      this.transUnit(formKey(id, index), unit.source[Math.min(index, unit.source.length - 1)], form, unit, at + indent, indent, eol),
    );
    return `${at}<group id="${escapeXmlAttribute(id)}" restype="x-gettext-plurals">${eol}${forms.join('')}${at}</group>${eol}`;
  }

  private transUnit(id: string, source: string, target: string, unit: TranslationUnit, at: string, indent: string, eol: string): string {
    const inner = at + indent;
    const state = this.targetAttributes(unit).state!;
    return [
      `${at}<trans-unit id="${escapeXmlAttribute(id)}"${unit.state === UnitState.Approved ? ' approved="yes"' : ''}>`,
      `${inner}<source>${writeMixed(source)}</source>`,
      `${inner}<target state="${state}">${writeMixed(target)}</target>`,
      ...(unit.note ? [`${inner}<note>${escapeXmlText(unit.note)}</note>`] : []),
      `${at}</trans-unit>`,
    ].map((line) => line + eol).join('');
  }
}

export class PlainXliffFormat extends XliffFormat {
  override readonly id = 'plainxliff';
  override readonly name = 'XLIFF 1.2 translation file (plain)';
}

/** XLIFF 2.0 (Weblate `xliff2`): units hold segments; the state is on `<segment state>`. Only the first segment is read. */
export class Xliff2Format extends XliffFormatBase {
  readonly id = 'xliff2';
  readonly name = 'XLIFF 2.0 translation file';
  protected readonly unitTag = 'unit';
  protected readonly containerTag = 'file';

  protected newFile(options: SerializeOptions): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${escapeXmlAttribute(options.sourceLanguage ?? 'en')}" trgLang="${escapeXmlAttribute(options.language)}">\n` +
      '  <file id="f1">\n  </file>\n</xliff>\n';
  }

  protected languageAttribute(root: XmlElement): { element: XmlElement; name: string } {
    return { element: root, name: 'trgLang' };
  }

  protected holder(element: XmlElement): XmlElement | undefined {
    return elements(element, 'segment')[0];
  }

  protected readState(_element: XmlElement, holder: XmlElement, _target: XmlElement | undefined, translated: boolean): UnitState {
    if (!translated) return UnitState.Empty;
    const state = attribute(holder, 'state');
    if (state === 'final') return UnitState.Approved;
    return state === 'initial' ? UnitState.Fuzzy : UnitState.Translated;
  }

  protected targetAttributes(): Record<string, string | undefined> {
    return {};
  }

  protected stateEdits(text: string, slot: XliffSlot, unit: TranslationUnit): TextEdit[] {
    return setAttributes(text, slot.holder, { state: segmentState(unit) });
  }

  protected renderUnit(unit: TranslationUnit, at: string, indent: string, eol: string): string {
    const [one, two] = [at + indent, at + indent + indent];
    const notes = unit.note ? [`${one}<notes>`, `${two}<note>${escapeXmlText(unit.note)}</note>`, `${one}</notes>`] : [];
    return [
      `${at}<unit id="${escapeXmlAttribute(unitKey(unit))}">`,
      ...notes,
      `${one}<segment state="${segmentState(unit)}">`,
      `${two}<source>${writeMixed(unit.source[0] ?? '')}</source>`,
      `${two}<target>${writeMixed(unit.target[0] ?? '')}</target>`,
      `${one}</segment>`,
      `${at}</unit>`,
    ].map((line) => line + eol).join('');
  }
}

function segmentState(unit: TranslationUnit): string {
  if (unit.state === UnitState.Empty || unit.state === UnitState.Fuzzy) return 'initial';
  return unit.state === UnitState.Approved ? 'final' : 'translated';
}
