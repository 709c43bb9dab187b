import { posix } from 'node:path';
import { FormatError } from './translation-format';
import { XmlElement, attribute, elements, escapeXmlAttribute, escapeXmlText, parseXml } from './xml-scanner';
import { ZipReader, writeZip } from './zip-archive';

/**
 * The first worksheet of an Office Open XML workbook as a table of strings, and a minimal workbook written from one.
 * Cells are read whatever their type (shared string, inline string, number, formula result); they are written as
 * inline strings, so no formula is ever evaluated from a translation. XML parts go through xml-scanner, which
 * refuses entity declarations.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

export async function readFirstSheet(data: Buffer): Promise<string[][]> {
  const zip = await ZipReader.open(data);
  const sheetPath = await firstSheetPath(zip);
  const sheet = await part(zip, sheetPath);
  if (!sheet) throw new FormatError(`workbook has no worksheet ${sheetPath}`);
  const sharedPath = (await relationshipTargets(zip, 'xl/workbook.xml', 'sharedStrings'))[0];
  const shared = sharedPath ? await part(zip, sharedPath) : undefined;
  const strings = shared ? elements(shared, 'si').map(richText) : [];
  const sheetData = elements(sheet, 'sheetData')[0];
  return sheetData ? elements(sheetData, 'row').map((row) => readRow(row, strings)) : [];
}

export async function writeSheet(rows: readonly (readonly string[])[], title: string): Promise<Buffer> {
  const sheetRows = rows.map((row, index) => {
    const cells = row.map((value, column) => `<c r="${columnName(column)}${index + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXmlText(encodeCellText(value))}</t></is></c>`);
    return `<row r="${index + 1}">${cells.join('')}</row>`;
  });
  return writeZip({
    '[Content_Types].xml': `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    '_rels/.rels': `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
      `<sheets><sheet name="${escapeXmlAttribute(sheetTitle(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${XML_DECLARATION}<worksheet xmlns="${MAIN}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  });
}

async function part(zip: ZipReader, path: string): Promise<XmlElement | undefined> {
  const text = await zip.text(path);
  return text === undefined ? undefined : parseXml(text).root;
}

/** The worksheet the workbook lists first, found through the workbook's relationships. */
async function firstSheetPath(zip: ZipReader): Promise<string> {
  const workbook = await part(zip, 'xl/workbook.xml');
  if (!workbook) throw new FormatError('not an XLSX workbook (no xl/workbook.xml)');
  const sheet = elements(elements(workbook, 'sheets')[0] ?? workbook, 'sheet')[0];
  const id = sheet && attribute(sheet, 'r:id');
  if (!id) throw new FormatError('workbook lists no worksheet');
  const [path] = await relationshipTargets(zip, 'xl/workbook.xml', undefined, id);
  if (!path) throw new FormatError(`workbook relationship ${id} is missing`);
  return path;
}

/** Archive paths of a part's relationships, by type suffix or by id. */
async function relationshipTargets(zip: ZipReader, from: string, type?: string, id?: string): Promise<string[]> {
  const directory = posix.dirname(from);
  const rels = await part(zip, `${directory}/_rels/${posix.basename(from)}.rels`);
  if (!rels) return [];
  return elements(rels, 'Relationship')
    .filter((rel) => (type === undefined || attribute(rel, 'Type')?.endsWith(`/${type}`)) && (id === undefined || attribute(rel, 'Id') === id))
    .map((rel) => {
      const target = attribute(rel, 'Target') ?? '';
      return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(directory, target));
    });
}

/** Cells placed by their reference (`C7`), so skipped empty cells keep the later ones in their columns. */
function readRow(row: XmlElement, strings: readonly string[]): string[] {
  const values: string[] = [];
  for (const cell of elements(row, 'c')) {
    const reference = attribute(cell, 'r');
    const column = reference ? columnIndex(reference) : values.length;
    while (values.length < column) values.push('');
    values[column] = cellValue(cell, strings);
  }
  return values;
}

function cellValue(cell: XmlElement, strings: readonly string[]): string {
  const type = attribute(cell, 't');
  if (type === 'inlineStr') {
    const inline = elements(cell, 'is')[0];
    return inline ? richText(inline) : '';
  }
  const value = elements(cell, 'v')[0];
  const raw = value ? plainText(value) : '';
  if (type !== 's') return type === 'str' ? decodeCellText(raw) : raw;
  const string = strings[Number(raw)];
  if (string === undefined) throw new FormatError(`cell refers to missing shared string ${raw}`);
  return string;
}

/** A string item (`<si>`/`<is>`): its own `<t>` or the `<t>` of its runs; phonetic hints (`<rPh>`) are not text. */
function richText(item: XmlElement): string {
  const runs = elements(item, 't').length > 0 ? [item] : elements(item, 'r');
  return decodeCellText(runs.flatMap((run) => elements(run, 't')).map(plainText).join(''));
}

function plainText(element: XmlElement): string {
  return element.children.map((child) => (child.kind === 'text' || child.kind === 'cdata' ? child.value : '')).join('');
}

/** `AB12` → 27. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/i.exec(reference)?.[0].toUpperCase() ?? '';
  return [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;
}

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/**
 * Spreadsheet strings escape characters XML cannot hold as `_xHHHH_` (ECMA-376 ST_Xstring), Excel also carriage
 * returns; a literal `_xHHHH_` gets its underscore escaped.
 */
function encodeCellText(value: string): string {
  return value.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f\r\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g, (char) => `_x${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

function decodeCellText(value: string): string {
  return value.replace(/_x([0-9a-fA-F]{4})_/g, (_match, code: string) => String.fromCharCode(parseInt(code, 16)));
}

/** Sheet names are at most 31 characters and may not hold `[]:*?/\`. */
function sheetTitle(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
}
