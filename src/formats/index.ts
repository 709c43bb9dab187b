/** Public surface of the format library: the registry, the download exporters and the shapes they speak. */
export { exportUnits, listExporters } from './exporters';
export type { ExportedFile } from './exporters';
export { parseFormKey, unitKey } from './form-keys';
export { getFormat, listFormats } from './registry';
export { FormatError, readUnits, UnitState } from './translation-format';
export type { FileRevision, ParseOptions, TranslationFormat, TranslationUnit } from './translation-format';
export { cldrCategories, gettextCategories } from './plurals';
export { isMonolingual, PLURAL_SEPARATOR, unitId } from './units';
export { quoteFormula } from './spreadsheet-formula';
export { readTmx, writeTmx } from './tmx';
export type { TmxPair } from './tmx';
