import { measure, printMeasurement } from './http';
import { ApiClient, timed } from './strings';

/**
 * The translation memory: `count` site-wide entries imported as Weblate's memory JSON, then `POST
 * /api/memory/lookup/` asking for strings that are near some entry but equal to none (the fuzzy path: nearest
 * source by trigrams), one string per request and 100 per request (the bulk lookup's limit).
 */
const LOOKUPS = { requests: 400, warmup: 20 };

export async function benchMemory(client: ApiClient, port: number, count: number): Promise<void> {
  const words = vocabulary(3000);
  const random = seeded(42);
  const sentence = () => Array.from({ length: 4 + Math.floor(random() * 6) }, () => words[Math.floor(random() * words.length)]).join(' ');
  const entries = Array.from({ length: count }, (_, i) => ({ source: `${sentence()} ${i}`, target: `${sentence()} ${i}`, source_language: 'en', target_language: 'cs', origin: 'bench', category: 1 }));

  const form = new FormData();
  form.append('scope', 'site');
  form.append('file', new Blob([JSON.stringify(entries)]), 'bench-memory.json');
  let created = 0;
  const importMs = await timed(async () => {
    created = ((await client.send('POST', '/api/memory/', form)) as { created: number }).created;
  });
  if (created !== count) throw new Error(`memory import stored ${created} of ${count} entries`);
  console.log(`import ${count} memory entries`.padEnd(32) + ` ${(importMs / 1000).toFixed(2)} s`);

  // An entry's source with its last word changed: close to it, equal to none.
  const near = (index: number) => entries[index].source.replace(/ (\S+) (\d+)$/, ' $1s $2');
  const path = '/api/memory/lookup/?source_language=en&target_language=cs';
  const headers = { Authorization: client.auth };
  printMeasurement('memory lookup, 1 fuzzy string', await measure(port, path, { ...LOOKUPS, headers, body: { strings: [near(count >> 1)] } }));
  const hundred = Array.from({ length: 100 }, (_, i) => near(Math.floor((i * count) / 100)));
  printMeasurement('memory lookup, 100 fuzzy strings', await measure(port, path, { headers, body: { strings: hundred }, requests: 80, warmup: 4 }));
}

/** Pronounceable made-up words, so trigrams are spread as in text rather than shared by every entry. */
function vocabulary(size: number): string[] {
  const random = seeded(7);
  const syllables = ['ka', 'ro', 'mi', 'ten', 'sul', 'vor', 'e', 'an', 'pli', 'dra', 'gon', 'us', 'fi', 'lo', 'ber', 'quin', 'ze', 'hat', 'mo', 'rit'];
  return Array.from({ length: size }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
}

/** A repeatable sequence (mulberry32), so every run looks up the same data. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
