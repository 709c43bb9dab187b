import { GetTextTranslation, GetTextTranslations, mo } from 'gettext-parser';
import { PoFormat } from './po';
import { FormatError, ParsedFile, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { makeUnit, numbered } from './units';

const MAGIC = 0x950412de;

/** gettext-parser answers a wrong magic number with `false` rather than an error. */
function readCatalog(data: Buffer): GetTextTranslations {
  if (data.length < 28 || (data.readUInt32LE(0) !== MAGIC && data.readUInt32BE(0) !== MAGIC)) {
    throw new FormatError('not an MO file (bad magic number)');
  }
  try {
    return mo.parse(data);
  } catch (error) {
    throw new FormatError(`invalid MO file: ${(error as Error).message}`);
  }
}

/**
 * Compiled gettext catalog, offered as a download (`?format=mo`). Compiled like msgfmt: fuzzy and untranslated
 * messages are left out. Reading one back is supported for uploads; an MO carries no comments or states.
 */
export class MoFormat implements TranslationFormat {
  readonly id = 'mo';
  readonly name = 'gettext MO file';
  readonly extensions = ['mo'];
  readonly monolingual = false;

  parse(data: Buffer): ParsedFile {
    const catalog = readCatalog(data);
    const units = Object.values(catalog.translations).flatMap((messages) =>
      Object.values(messages)
        .filter((message) => message.msgid !== '')
        .map((message) =>
          makeUnit(false, {
            context: message.msgctxt ?? '',
            source: message.msgid_plural === undefined ? [message.msgid] : [message.msgid, message.msgid_plural],
            target: message.msgstr,
          }),
        ),
    );
    const language = catalog.headers.Language || undefined;
    return { units: numbered(units), header: { language, pluralForms: catalog.headers['Plural-Forms'] || undefined } };
  }

  /** `original` may be the PO the catalog is compiled from: its header is carried over. */
  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const header = options.original ? new PoFormat().parse(options.original).header : {};
    const translations: Record<string, Record<string, GetTextTranslation>> = {};
    for (const unit of units) {
      if (unit.state < UnitState.Translated || unit.target.every((form) => form === '')) continue;
      const message: GetTextTranslation = { msgctxt: unit.context || undefined, msgid: unit.source[0] ?? '', msgstr: [...unit.target] };
      if (unit.source.length > 1) message.msgid_plural = unit.source[1];
      (translations[unit.context] ??= {})[message.msgid] = message;
    }
    const pluralForms = options.pluralForms ?? header.pluralForms;
    const headers: Record<string, string> = {
      Language: options.language,
      'MIME-Version': '1.0',
      'Content-Type': 'text/plain; charset=UTF-8',
      'Content-Transfer-Encoding': '8bit',
      ...(pluralForms ? { 'Plural-Forms': pluralForms } : {}),
    };
    return mo.compile({ charset: 'utf-8', headers, translations });
  }
}
