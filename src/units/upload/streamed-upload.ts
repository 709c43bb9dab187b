import type { EntityManager } from 'typeorm';
import type { TranslationUnit } from '../../formats';
import { hash52 } from '../unit-hash';
import { StagedWrite, storedUnitsByIds } from '../unit-rows.repository';
import { matchUploadedUnits, UploadedUnit, UploadPlurals } from './upload-matching';
import { PlanRules, planUpload, StoredUnit, UploadPlan } from './upload-plan';

/** Strings of the file read, matched and planned together: the size of applyWrites' statements. */
const PART = 2000;

/**
 * A string of the file is not among the translation's by its id hash: a file converted to another format names its
 * strings by context, source or key, which only a lookup over every stored string can match (matchUploadedUnits).
 */
export class NeedsWholeMatching extends Error {
  constructor() {
    super('a string of the file is not found by its id hash');
  }
}

export interface StreamedUpload {
  manager: EntityManager;
  /** The file's strings, as its format reads them one at a time. */
  units: Iterable<TranslationUnit>;
  /** The translation's units by id hash, locked. */
  ids: ReadonlyMap<string, number>;
  plurals: UploadPlurals;
  rules: PlanRules;
  /** Refuses a part of the file (a 400) before anything of it is planned. */
  check(part: readonly TranslationUnit[]): void;
  /** The writes of a part, with their checks and the targets they replace. */
  stage(writes: UploadPlan['writes'], byId: ReadonlyMap<number, StoredUnit & { flags: string }>): Iterable<StagedWrite>;
  /** Grows as the parts are planned. */
  counts: UploadPlan['counts'];
}

/**
 * An upload's writes made PART strings of the file at a time: the part's stored strings are read by id, matched,
 * planned (a string the file repeats is written once, as a whole plan does) and staged, so neither the file's strings
 * nor the translation's are held all at once (the whole plan held 216 MB for the 100 k strings of the benchmark's
 * upload). Throws NeedsWholeMatching at the first string not found by its id hash.
 */
export async function* streamedWrites(upload: StreamedUpload): AsyncGenerator<StagedWrite> {
  const written = new Set<number>();
  let part: UploadedUnit[] = [];
  for (const unit of upload.units) {
    const idHash = hash52(unit.id);
    if (!upload.ids.has(idHash)) throw new NeedsWholeMatching();
    part.push({ unit, idHash });
    if (part.length < PART) continue;
    yield* planPart(upload, part, written);
    part = [];
  }
  if (part.length) yield* planPart(upload, part, written);
}

async function* planPart(upload: StreamedUpload, part: readonly UploadedUnit[], written: Set<number>): AsyncGenerator<StagedWrite> {
  upload.check(part.map(({ unit }) => unit));
  const stored = await storedUnitsByIds(upload.manager, part.map(({ idHash }) => upload.ids.get(idHash)!));
  const plan = planUpload(matchUploadedUnits(part, stored, upload.plurals), upload.rules, written);
  for (const key of ['total', 'accepted', 'skipped', 'notFound'] as const) upload.counts[key] += plan.counts[key];
  yield* upload.stage(plan.writes, new Map(stored.map((unit) => [unit.id, unit])));
}
