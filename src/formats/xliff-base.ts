import { EntryLayout, EntrySlot, TextEdit, indentAt, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { keyedUnit, makeUnit, mergeWithTemplate, numbered } from './units';
import { descendants, insertionPoint, readMixed, rewriteElement, setAttributes, writeMixed } from './xml-edit';
import { XmlElement, attribute, elements, parseXml, textContent } from './xml-scanner';

/**
 * What XLIFF 1.2 and 2.0 share: units found through any nesting of groups, the unit id as context, inline markup kept
 * verbatim inside strings, edits patched into `<target>` and the state attributes. A dialect says where things are.
 */

/** How units are read: with their own source strings, or keyed as a monolingual template (`base`) or translation. */
type Reading = 'bilingual' | 'base' | 'translation';

export interface XliffSlot extends EntrySlot {
  element: XmlElement;
  /** The element holding `<source>`/`<target>`: the trans-unit (1.2) or its first segment (2.0). */
  holder: XmlElement;
  source?: XmlElement;
  target?: XmlElement;
}

interface XliffDocument extends EntryLayout<XliffSlot> {
  codec: DecodedText;
  root: XmlElement;
  /** Indentation of one level, and of a unit element. */
  indent: string;
  unitIndent: string;
}

export abstract class XliffFormatBase implements TranslationFormat {
  abstract readonly id: string;
  abstract readonly name: string;
  readonly extensions: readonly string[] = ['xlf', 'xliff'];
  readonly monolingual = false;
  readonly monolingualCapable: boolean = false;

  /** Element name of a translation unit. */
  protected abstract readonly unitTag: string;
  /** Element new units are appended to (the last one in the file). */
  protected abstract readonly containerTag: string;
  /** A file to start from when there is neither an original nor a template. */
  protected abstract newFile(options: SerializeOptions): string;
  /** The element and attribute naming the target language. */
  protected abstract languageAttribute(root: XmlElement): { element: XmlElement; name: string } | undefined;
  protected abstract holder(element: XmlElement): XmlElement | undefined;
  /** State of a unit whose target is (`translated`) or is not empty and that is not `translate="no"`. */
  protected abstract readState(element: XmlElement, holder: XmlElement, target: XmlElement | undefined, translated: boolean): UnitState;
  /** Attribute edits expressing the unit's state; `target` is the target element when it exists. */
  protected abstract stateEdits(text: string, slot: XliffSlot, unit: TranslationUnit): TextEdit[];
  protected abstract targetAttributes(unit: TranslationUnit): Record<string, string | undefined>;
  protected abstract renderUnit(unit: TranslationUnit, at: string, indent: string, eol: string): string;

  /**
   * Bilingual: each unit is its `<source>` and `<target>`. Monolingual (with a template, Symfony's layout): units are
   * keyed by their id, the `<source>` is usually the key, the template's `<target>` is the source string (its
   * `<source>` when it has no target, as Weblate reads it), and keys the translation lacks are untranslated strings.
   */
  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    const reading: Reading = options.template ? 'translation' : (options.monolingual ?? 'bilingual');
    const document = this.read(data, reading);
    const language = this.languageAttribute(document.root);
    const header = { language: language && attribute(language.element, language.name) };
    const units = document.slots.map((slot) => slot.unit);
    if (!options.template) return { units, header };
    return { units: mergeWithTemplate(this.read(options.template, 'base').slots.map((slot) => slot.unit), units), header };
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const reading: Reading = !options.monolingual ? 'bilingual' : options.template ? 'translation' : 'base';
    const keyed = reading !== 'bilingual';
    const document = this.read(options.original ? options.original : (options.template ?? Buffer.from(this.newFile(options))), reading);
    const { text, codec, unitIndent, indent } = document;
    const language = this.languageAttribute(document.root);
    const extra = !options.original && language ? setAttributes(text, language.element, { [language.name]: options.language }) : [];
    const patched = rewriteEntries(document, units, {
      removable: true,
      stateKey: (unit) => String(unit.state),
      rewrite: (unit, slot) => this.rewrite(text, slot, unit, codec.eol),
      // A keyed unit's <source> is its key, as Symfony writes them.
      append: (added) => added.map((unit) => this.renderUnit(keyed ? { ...unit, source: [unit.context] } : unit, unitIndent, indent, codec.eol)).join(''),
    }, extra);
    return encodeText(patched, codec);
  }

  private rewrite(text: string, slot: XliffSlot, unit: TranslationUnit, eol: string): TextEdit[] {
    const content = writeMixed(unit.target[0] ?? '');
    if (slot.target) return [...rewriteElement(text, slot.target, this.targetAttributes(unit), content), ...this.stateEdits(text, slot, unit)];
    const after = slot.source ?? slot.holder;
    const attributes = Object.entries(this.targetAttributes(unit)).filter(([, value]) => value !== undefined).map(([name, value]) => ` ${name}="${value}"`).join('');
    const insert = `${eol}${indentAt(text, after.start)}<target${attributes}>${content}</target>`;
    return [{ start: after.end, end: after.end, text: insert }, ...this.stateEdits(text, slot, unit)];
  }

  private read(data: Buffer, reading: Reading): XliffDocument {
    const codec = decodeText(data);
    const { text, root } = parseXml(codec.text);
    if (root.name !== 'xliff') throw new FormatError(`root element is <${root.name}>, expected <xliff>`);
    const slots: XliffSlot[] = [];
    for (const element of descendants(root, this.unitTag)) {
      const holder = this.holder(element);
      if (!holder) continue;
      const source = elements(holder, 'source')[0];
      const target = elements(holder, 'target')[0];
      const targetText = target ? readMixed(text, target) : '';
      const sourceText = source ? readMixed(text, source) : '';
      const context = attribute(element, 'id') ?? '';
      const fields = {
        state: attribute(element, 'translate') === 'no' ? UnitState.ReadOnly : this.readState(element, holder, target, targetText !== ''),
        note: descendants(element, 'note').map(textContent).join('\n'),
      };
      const unit = reading === 'bilingual'
        ? makeUnit(false, { context, source: [sourceText], target: [targetText], ...fields })
        : keyedUnit(context, [reading === 'base' && !target ? sourceText : targetText], fields);
      slots.push({ unit, element, holder, source, target, ...wholeLines(text, element.start, element.end) });
    }
    numbered(slots.map((slot) => slot.unit));
    const container = descendants(root, this.containerTag).at(-1);
    if (!container) throw new FormatError(`no <${this.containerTag}> element`);
    // New units copy the indentation of the first unit and of its first child.
    const first = slots[0]?.element;
    const child = first && elements(first)[0];
    const unitIndent = first ? indentAt(text, first.start) : `${indentAt(text, container.start)}  `;
    const indent = (child && indentAt(text, child.start).slice(unitIndent.length)) || '  ';
    return { text, slots, appendAt: insertionPoint(text, container), codec, root, indent, unitIndent };
  }
}
