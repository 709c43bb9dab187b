import { PoEntry } from './po-lexer';
import {
  assertCompletePlurals, isPoFuzzy, PoCatalog, newCatalogBase, newEntryComments, headerUpdates, newTarget, poFlags, poNote, poTarget, readCatalog, streamCatalogUnits, writeCatalog,
} from './po-catalog';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { makeUnit, stateFor } from './units';

/** Bilingual gettext PO (Weblate `po`): msgctxt + msgid identify a message, msgstr is its translation. */
export class PoFormat implements TranslationFormat {
  readonly id = 'po';
  readonly name = 'gettext PO file';
  readonly extensions = ['po', 'pot'];
  readonly monolingual = false;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    const catalog = readCatalog(data, entryUnit);
    if (options.strict) assertCompletePlurals(catalog);
    return { units: catalog.layout.slots.map((slot) => slot.unit), header: catalog.header };
  }

  streamUnits(data: Buffer, options: ParseOptions = {}): Iterable<TranslationUnit> {
    return streamCatalogUnits(data, entryUnit, options.strict);
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    return write(readCatalog(newCatalogBase(options), entryUnit), units, options);
  }

  /** The stored text is read once and only the changed entries are rewritten (a unit the file lacks is added). */
  rewriteChanged(changed: readonly TranslationUnit[], options: SerializeOptions & { original: Buffer }): Buffer {
    // Stored entries are only matched and compared (identity, target, fuzziness): reading each as a whole unit
    // (notes, flags, locations, previous msgid) would cost a large file's commit a good part of its time.
    const catalog = readCatalog(options.original, entryIdentity);
    const byId = new Map(changed.map((unit) => [unit.id, unit]));
    const units = catalog.layout.slots.map((slot) => {
      const unit = byId.get(slot.unit.id) ?? slot.unit;
      byId.delete(slot.unit.id);
      return unit;
    });
    return write(catalog, [...units, ...byId.values()], options);
  }
}

function write(catalog: PoCatalog, units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
  return writeCatalog(catalog, units, {
    headerFields: headerUpdates(options),
    newEntry: (unit) => ({
      ...newEntryComments(unit),
      previousMsgid: unit.state === UnitState.Fuzzy ? unit.previousSource : undefined,
      msgctxt: unit.context || undefined,
      msgid: unit.source[0] ?? '',
      msgidPlural: unit.source.length > 1 ? unit.source[1] : undefined,
      msgstr: newTarget(unit, options),
    }),
  });
}

/** A stored entry as a whole unit: its identity, target and state (entryIdentity) with its notes, flags and locations. */
function entryUnit(entry: PoEntry): TranslationUnit {
  return {
    ...entryIdentity(entry),
    note: poNote(entry),
    location: entry.references.join(', '),
    flags: poFlags(entry),
    previousSource: isPoFuzzy(entry) ? (entry.previous.msgid ?? '') : '',
  };
}

/** What rewriteChanged compares of a stored entry; the rest of a unit stays empty. */
function entryIdentity(entry: PoEntry): TranslationUnit {
  const target = poTarget(entry);
  return makeUnit(false, {
    context: entry.msgctxt ?? '',
    source: entry.msgidPlural === undefined ? [entry.msgid ?? ''] : [entry.msgid ?? '', entry.msgidPlural],
    target,
    state: stateFor(target, isPoFuzzy(entry)),
  });
}
