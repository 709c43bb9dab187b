/** A repeatable sequence (mulberry32), so every run generates the same data. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pronounceable made-up words, so trigrams are spread as in text rather than shared by every string. */
export function vocabulary(size: number, seed = 7): string[] {
  const random = seeded(seed);
  const syllables = ['ka', 'ro', 'mi', 'ten', 'sul', 'vor', 'e', 'an', 'pli', 'dra', 'gon', 'us', 'fi', 'lo', 'ber', 'quin', 'ze', 'hat', 'mo', 'rit'];
  const words = new Set<string>();
  while (words.size < size) words.add(Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  return [...words];
}

/** `length` words drawn from `words`. */
export function sentence(words: string[], random: () => number, length: number): string {
  return Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
}
