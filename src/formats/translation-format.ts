/**
 * The shape every translation file format is read into and written from. Formats are pure: bytes in, units out,
 * units (+ the file they came from) in, bytes out. Nothing here knows about the database or HTTP.
 */

/** Unit states, numerically identical to the API's `state` (Weblate `weblate/utils/state.py`). */
export const UnitState = {
  Empty: 0,
  Fuzzy: 10,
  Translated: 20,
  Approved: 30,
  ReadOnly: 100,
} as const;
export type UnitState = (typeof UnitState)[keyof typeof UnitState];

export interface TranslationUnit {
  /**
   * Identity of the unit inside its file, the string Weblate hashes into `id_hash`: for monolingual formats the key,
   * for bilingual ones the source (plurals joined by PLURAL_SEPARATOR) followed by the context. See `unitId()`.
   */
  id: string;
  /** msgctxt for bilingual formats; the key for monolingual ones (Weblate shows the key as the context). */
  context: string;
  /** One entry per plural form; a single entry when the string has no plurals. */
  source: string[];
  target: string[];
  state: UnitState;
  /** Translator and developer comments, one per line. */
  note: string;
  /** Source-code references, comma-joined as Weblate shows them. */
  location: string;
  /** Format flags (`c-format, python-format`); "fuzzy" is expressed by `state`, never here. */
  flags: string;
  previousSource: string;
  /** 1-based order of the unit in the file (in the template for monolingual files). */
  position: number;
}

export interface FileHeader {
  language?: string;
  /** The gettext `Plural-Forms` value when the file carries one. */
  pluralForms?: string;
}

export interface ParsedFile {
  units: TranslationUnit[];
  header: FileHeader;
}

export interface ParseOptions {
  /** The monolingual base file (source language), which gives keys their source strings and their order. */
  template?: Buffer;
  language?: string;
  /**
   * CLDR category of each plural form of the translation. Readers of formats keyed by category place each form of the
   * file at its category's index (a missing one is empty); without it, forms are read in the order the file has.
   */
  pluralCategories?: readonly string[];
  /**
   * For files users upload: refuse what the format's own tools would (e.g. a PO plural lacking a msgstr[n]
   * that msgfmt rejects), instead of reading around it as the import of repository files does.
   */
  strict?: boolean;
  /**
   * Read the file as keys with values even without a template (see `TranslationFormat.monolingualCapable`): the
   * template itself (`base`, whose strings are the source strings) or a translation file read on its own.
   */
  monolingual?: 'base' | 'translation';
}

export interface SerializeOptions {
  /**
   * The file as it is stored. Serializers rewrite only the entries whose unit changed, so formatting, comments and
   * anything the format class does not understand survive byte for byte. Units of the original that are not given
   * are removed; given units it lacks are added.
   */
  original?: Buffer;
  /** Monolingual base: the layout a new translation file starts from when there is no original. */
  template?: Buffer;
  language: string;
  /** Source language code, for files that name it (XLIFF, TBX); English when not given. */
  sourceLanguage?: string;
  /** Number of plural forms of the language; plural units are written with exactly the forms they carry. */
  pluralCount?: number;
  /** CLDR plural categories of the language in plural-form order (for formats keyed by category, e.g. Android). */
  pluralCategories?: readonly string[];
  /** gettext `Plural-Forms` header value for new PO/MO files, and for every PO file written with a `revision`. */
  pluralForms?: string;
  /**
   * Set when the file is written to be committed (or created): PO headers then record who and when, and the
   * language's plural rule (Weblate `update_header`). Downloads leave the header as it is stored.
   */
  revision?: FileRevision;
  /**
   * The units are keyed (monolingual), for formats that can be either (see `TranslationFormat.monolingualCapable`);
   * the file is then the template itself unless `template` is given.
   */
  monolingual?: boolean;
}

export interface FileRevision {
  date: Date;
  /** `Full Name <email>` of the last translator; files created without one say "Automatically generated". */
  translator?: string;
  /** The tool named in `X-Generator`. */
  generator: string;
}

export interface TranslationFormat {
  /** Weblate's `file_format` id. */
  readonly id: string;
  readonly name: string;
  readonly extensions: readonly string[];
  /** True when the file holds keys and needs a template for source strings (Weblate "monolingual"). */
  readonly monolingual: boolean;
  /** True when the format also works without a template, with the file carrying its own source strings. */
  readonly bilingualCapable?: boolean;
  /**
   * True for a bilingual format that a component may also use with a template (Weblate "Both", e.g. XLIFF 1.2): its
   * units are then keyed by their id, the template's targets are the source strings, and parse/serialize are told
   * so by `monolingual`. Decide with `isMonolingual()`.
   */
  readonly monolingualCapable?: boolean;
  /**
   * True when the file keys plural forms by CLDR category (Android quantities, Rails keys): the language's CLDR
   * categories then decide how many forms a string has, not its gettext plural (Russian: 4 forms, not 3).
   */
  readonly pluralsByCategory?: boolean;
  /** Asynchronous for container formats (XLSX is a ZIP and JSZip only inflates asynchronously); callers always await. */
  parse(data: Buffer, options?: ParseOptions): ParsedFile | Promise<ParsedFile>;
  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer | Promise<Buffer>;
  /**
   * `options.original` with only the `changed` units' targets and states written in (each one the file already has)
   * and every other entry as stored: what `serialize` gives for the file's own units with these replaced, without
   * the caller holding every unit. Optional: callers fall back to `serialize`.
   */
  rewriteChanged?(changed: readonly TranslationUnit[], options: SerializeOptions & { original: Buffer }): Buffer;
  /**
   * The units `parse` gives, one at a time as the file is read, so a reader that stores them as it goes (an import)
   * never holds them all; the file's header is not read. Optional: `readUnits()` falls back to `parse`.
   */
  streamUnits?(data: Buffer, options?: ParseOptions): Iterable<TranslationUnit>;
}

/** The units of a file one at a time where its format can read them so (`streamUnits`), else all parsed at once. */
export async function readUnits(format: TranslationFormat, data: Buffer, options?: ParseOptions): Promise<Iterable<TranslationUnit>> {
  return format.streamUnits ? format.streamUnits(data, options) : (await format.parse(data, options)).units;
}

/** A file that cannot be read or written; `line`/`column` are 1-based when known and also prefix the message. */
export class FormatError extends Error {
  constructor(
    detail: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(line === undefined ? detail : `line ${line}${column === undefined ? '' : `, column ${column}`}: ${detail}`);
    this.name = 'FormatError';
  }
}
