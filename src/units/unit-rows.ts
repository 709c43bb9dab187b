import { TranslationUnit } from '../formats';
import { contentHash, hash52 } from './unit-hash';
import { countChars, countWords } from './unit-metrics';

/** A unit as read from a file, ready to be stored. */
export interface UnitRow {
  idHash: string;
  contentHash: string;
  unit: TranslationUnit;
  numWords: number;
  numChars: number;
  failingChecks: string[];
}

export function toRow(unit: TranslationUnit, failingChecks: string[]): UnitRow {
  return {
    idHash: hash52(unit.id),
    contentHash: contentHash(unit.source, unit.context),
    unit,
    numWords: countWords(unit.source),
    numChars: countChars(unit.source),
    failingChecks,
  };
}
