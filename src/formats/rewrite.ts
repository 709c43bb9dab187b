import { TranslationUnit } from './translation-format';
import { sameStrings } from './units';

/**
 * Serializers do not rebuild files: they patch the stored text where a unit changed and copy everything else, so a
 * round trip is byte-identical and a one-string edit is a one-entry diff. This module is that patching engine.
 */

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits given in any order. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error(`overlapping edits at ${edit.start}`);
    parts.push(text.slice(cursor, edit.start), edit.text);
    cursor = edit.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/** Where a unit of the stored file lives: [start, end) is what disappears when the unit is dropped. */
export interface EntrySlot {
  unit: TranslationUnit;
  start: number;
  end: number;
}

export interface EntryLayout<S extends EntrySlot> {
  text: string;
  slots: S[];
  /** Offset where entries for new units are inserted. */
  appendAt: number;
}

export interface EntryWriter<S extends EntrySlot> {
  /** Edits turning the slot's entry into one carrying the given unit's target/state. */
  rewrite(unit: TranslationUnit, slot: S): TextEdit[];
  /** Text inserted at `appendAt` for units the file lacks; absent when the format cannot add entries in place. */
  append?(units: TranslationUnit[]): string;
  /** Set when dropping [start, end) leaves a valid file; otherwise a removal needs a full rebuild. */
  removable?: boolean;
  /** The part of the state the file can store; units differing only elsewhere are left untouched. */
  stateKey?(unit: TranslationUnit): string;
}

/**
 * Patches the layout's text so it holds exactly `units` (plus `extra` edits outside the slots, e.g. a file header).
 * Returns undefined when that takes an addition or removal the writer cannot do in place, so the caller rebuilds the
 * file instead.
 */
export function rewriteEntries<S extends EntrySlot>(
  layout: EntryLayout<S>,
  units: readonly TranslationUnit[],
  writer: EntryWriter<S> & Required<Pick<EntryWriter<S>, 'append'>> & { removable: true },
  extra?: readonly TextEdit[],
): string;
export function rewriteEntries<S extends EntrySlot>(
  layout: EntryLayout<S>,
  units: readonly TranslationUnit[],
  writer: EntryWriter<S>,
  extra?: readonly TextEdit[],
): string | undefined;
export function rewriteEntries<S extends EntrySlot>(
  layout: EntryLayout<S>,
  units: readonly TranslationUnit[],
  writer: EntryWriter<S>,
  extra: readonly TextEdit[] = [],
): string | undefined {
  const given = new Map(units.map((unit) => [unit.id, unit]));
  const present = new Set<string>();
  const stateKey = writer.stateKey ?? (() => '');
  const edits: TextEdit[] = [...extra];
  for (const slot of layout.slots) {
    const unit = given.get(slot.unit.id);
    if (!unit) {
      if (!writer.removable) return undefined;
      edits.push({ start: slot.start, end: slot.end, text: '' });
      continue;
    }
    present.add(unit.id);
    if (!sameStrings(unit.target, slot.unit.target) || stateKey(unit) !== stateKey(slot.unit)) {
      edits.push(...writer.rewrite(unit, slot));
    }
  }
  const added = units.filter((unit) => !present.has(unit.id));
  if (added.length > 0) {
    if (!writer.append) return undefined;
    edits.push({ start: layout.appendAt, end: layout.appendAt, text: writer.append(added) });
  }
  return applyEdits(layout.text, edits);
}

/** Whether every given unit has as many forms as its slot has places for; otherwise in-place patching cannot work. */
export function sameFormCounts<S extends EntrySlot>(slots: readonly S[], units: readonly TranslationUnit[], places: (slot: S) => number): boolean {
  const given = new Map(units.map((unit) => [unit.id, unit]));
  return slots.every((slot) => {
    const unit = given.get(slot.unit.id);
    return !unit || unit.target.length === places(slot);
  });
}

/** A slot whose unit changes by replacing one value span. */
export interface ValueSlot extends EntrySlot {
  valueStart: number;
  valueEnd: number;
}

export function replaceValue(slot: ValueSlot, text: string): TextEdit[] {
  return [{ start: slot.valueStart, end: slot.valueEnd, text }];
}

/**
 * Widens [start, end) to whole lines, line break included, when only blanks share those lines with it: dropping an
 * XML element or a key line then leaves no empty line behind.
 */
export function wholeLines(text: string, start: number, end: number): { start: number; end: number } {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  if (before.trim() !== '' || after.trim() !== '') return { start, end };
  return { start: lineStart, end: lineEnd };
}

/** Where to insert lines before `offset`: its line start when only blanks precede it on that line, else `offset`. */
export function lineStartBefore(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return text.slice(lineStart, offset).trim() === '' ? lineStart : offset;
}

/** The blanks a line starts with: how deep the element at `offset` is indented. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
