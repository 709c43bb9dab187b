import { PoEntry } from './po-lexer';
import { assertCompletePlurals, headerUpdates, isPoFuzzy, newCatalogBase, newEntryComments, newTarget, poFlags, poNote, poTarget, readCatalog, writeCatalog } from './po-catalog';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, mergeWithTemplate, stateFor } from './units';

/**
 * Monolingual gettext PO (Weblate `po-mono`): msgid is a key, the template's msgstr is the source string. The key is
 * `msgctxt.msgid` when both are set (Weblate ≥ 4.4.1, `PoMonoUnit.context`).
 */
export class PoMonoFormat implements TranslationFormat {
  readonly id = 'po-mono';
  readonly name = 'gettext PO file (monolingual)';
  readonly extensions = ['po', 'pot'];
  readonly monolingual = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    const catalog = readCatalog(data, entryUnit);
    if (options.strict) assertCompletePlurals(catalog);
    const units = catalog.layout.slots.map((slot) => slot.unit);
    if (!options.template) return { units, header: catalog.header };
    const template = readCatalog(options.template, entryUnit).layout.slots.map((slot) => slot.unit);
    return { units: mergeWithTemplate(template, units), header: catalog.header };
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const templateEntries = new Map<string, PoEntry>();
    if (options.template) {
      for (const { entry, unit } of readCatalog(options.template, entryUnit).layout.slots) templateEntries.set(unit.id, entry);
    }
    return writeCatalog(readCatalog(newCatalogBase(options), entryUnit), units, {
      headerFields: headerUpdates(options),
      newEntry: (unit) => {
        const base = templateEntries.get(unit.id);
        return {
          ...newEntryComments(unit),
          msgctxt: base?.msgctxt,
          msgid: base?.msgid ?? unit.context,
          msgidPlural: base?.msgidPlural ?? (unit.source.length > 1 ? unit.context : undefined),
          msgstr: newTarget(unit, options),
        };
      },
    });
  }
}

function entryKey(entry: PoEntry): string {
  const msgid = entry.msgid ?? '';
  return entry.msgctxt && msgid ? `${entry.msgctxt}.${msgid}` : msgid || (entry.msgctxt ?? '');
}

function entryUnit(entry: PoEntry): TranslationUnit {
  const target = poTarget(entry);
  return keyedUnit(entryKey(entry), target, {
    state: stateFor(target, isPoFuzzy(entry)),
    note: poNote(entry),
    location: entry.references.join(', '),
    flags: poFlags(entry),
  });
}
