/** GNU msgmerge's FUZZY_THRESHOLD: a candidate must be more similar than this. */
const THRESHOLD = 0.6;
/** GNU weighs a candidate of another context (msgctxt) slightly lower than one of the same. */
const OTHER_CONTEXT = 0.99;

export interface FuzzyCandidate<T> {
  msgctxt: string | undefined;
  msgid: string;
  value: T;
}

interface Indexed<T> extends FuzzyCandidate<T> {
  bytes: Buffer;
  order: number;
}

/**
 * Finds, for a message the PO file lacks, the most similar of its translated messages, as msgmerge does: the
 * similarity is GNU's fstrcmp ratio over the UTF-8 bytes, 2 × (longest common subsequence) / (sum of the lengths),
 * times 0.99 when the contexts differ, and must exceed 0.6; ties go to the earliest candidate.
 *
 * Cost: only candidates whose length could reach the threshold are compared (a ratio above 0.6 needs the longer
 * string under 7/3 of the shorter, an exact bound: nothing is missed), found by binary search in the candidates
 * sorted by length; a byte-count bound is checked before the diff, and the diff stops once it has spent the edits
 * that would leave it below the best so far. Comparing everything stays possible in the worst case (a template whose
 * strings all changed to others of similar lengths); GNU narrows it further with an n-gram index.
 */
export class FuzzyMatcher<T> {
  private readonly byLength: Indexed<T>[];

  constructor(candidates: readonly FuzzyCandidate<T>[]) {
    this.byLength = candidates
      .map((candidate, order) => ({ ...candidate, bytes: Buffer.from(candidate.msgid, 'utf8'), order }))
      .sort((a, b) => a.bytes.length - b.bytes.length || a.order - b.order);
  }

  best(msgctxt: string | undefined, msgid: string): T | undefined {
    const bytes = Buffer.from(msgid, 'utf8');
    const length = bytes.length;
    let best: Indexed<T> | undefined;
    let bestWeight = THRESHOLD;
    for (let i = this.firstAtLeast((length * 3) / 7); i < this.byLength.length; i += 1) {
      const candidate = this.byLength[i];
      if (candidate.bytes.length >= (length * 7) / 3) break;
      const factor = candidate.msgctxt === msgctxt ? 1 : OTHER_CONTEXT;
      const total = length + candidate.bytes.length;
      if ((2 * commonBytesBound(bytes, candidate.bytes) * factor) / total < bestWeight) continue;
      const weight = similarity(bytes, candidate.bytes, bestWeight / factor) * factor;
      if (weight > bestWeight || (weight === bestWeight && best !== undefined && candidate.order < best.order)) {
        best = candidate;
        bestWeight = weight;
      }
    }
    return best?.value;
  }

  private firstAtLeast(length: number): number {
    let low = 0;
    let high = this.byLength.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.byLength[middle].bytes.length <= length) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Bytes the two strings could have in common at most: the overlap of their byte counts. */
function commonBytesBound(a: Buffer, b: Buffer): number {
  const counts = new Int32Array(256);
  for (const byte of a) counts[byte] += 1;
  let common = 0;
  for (const byte of b) {
    if (counts[byte] > 0) {
      counts[byte] -= 1;
      common += 1;
    }
  }
  return common;
}

/**
 * fstrcmp's ratio (N + M − D) / (N + M), D the fewest insertions and deletions turning one into the other (Myers'
 * O((N+M)·D) walk); 0 as soon as D is too large for the ratio to exceed `lowerBound`.
 */
export function similarity(a: Uint8Array, b: Uint8Array, lowerBound = 0): number {
  const n = a.length;
  const m = b.length;
  const total = n + m;
  if (total === 0) return 1;
  const maxEdits = Math.min(total, Math.floor(total * (1 - lowerBound)));
  const offset = maxEdits + 1;
  const furthest = new Int32Array(2 * maxEdits + 3);
  for (let edits = 0; edits <= maxEdits; edits += 1) {
    for (let diagonal = -edits; diagonal <= edits; diagonal += 2) {
      const down = diagonal === -edits || (diagonal !== edits && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1]);
      let x = down ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1;
      let y = x - diagonal;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      furthest[offset + diagonal] = x;
      if (x >= n && y >= m) return (total - edits) / total;
    }
  }
  return 0;
}
