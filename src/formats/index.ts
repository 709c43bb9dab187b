/** Public surface of the format library: the registry and the shapes it speaks. */
export { getDownloadFormat, getFormat, listDownloadFormats, listFormats } from './registry';
export { FormatError, UnitState } from './translation-format';
export type { FileHeader, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
export { PLURAL_SEPARATOR, unitId } from './units';
