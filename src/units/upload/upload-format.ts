import { extname } from 'node:path';
import { getFormat, listFormats, TranslationFormat } from '../../formats';

/**
 * The format an uploaded file is read with: the component's own, unless the file's extension says it is
 * another format (a PO or XLSX export of a JSON component, say), as Weblate detects uploads by name.
 */
export function uploadFormat(componentFormat: string, filename: string): TranslationFormat | undefined {
  const own = getFormat(componentFormat);
  const extension = extname(filename).slice(1).toLowerCase();
  if (!extension || !own || own.extensions.includes(extension)) return own;
  return listFormats().find((format) => format.extensions.includes(extension) && (!format.monolingual || format.bilingualCapable)) ?? own;
}
