import { form, timed } from '../api-client';
import { SIZES } from '../config';
import { attempt, Bench, within } from '../context';
import { load } from '../load-client';
import { format, row } from '../report';
import { seeded, sentence, vocabulary } from '../words';
import { count } from './imports';

/**
 * An editor asks the translation memory for suggestions each time a translator opens a string, so 16 translators
 * at once are 16 concurrent lookups. Target: median ≤ 50 ms at 16 clients — a suggestion then shows within the
 * ~100 ms a user perceives as instant, leaving half of it to the network and the editor. (A ratio to `GET /api/`
 * would loosen as per-request overhead shrinks; the user's wait is what matters here.)
 */
const LOOKUP_MS = 50;

export async function memoryRow(bench: Bench): Promise<void> {
  const n = SIZES.memoryEntries;
  const name = `translation-memory fuzzy lookup over ${count(n)} entries, 16 clients (median)`;
  await attempt(bench, name, [{ max: LOOKUP_MS }], async () => {
    const words = vocabulary(3000);
    const random = seeded(42);
    const entries = Array.from({ length: n }, (_, i) => ({
      source: `${sentence(words, random, 4 + Math.floor(random() * 6))} ${i}`,
      target: `${sentence(words, random, 4 + Math.floor(random() * 6))} ${i}`,
      source_language: 'en', target_language: 'cs', origin: 'bench', category: 1,
    }));
    const body = form({ scope: 'site' }, { file: ['bench-memory.json', JSON.stringify(entries)] });
    let created = 0;
    const importMs = await timed(async () => {
      created = (await within(SIZES.stepTimeoutSeconds, 'the memory import', bench.client.send<{ created: number }>('POST', '/api/memory/', body))).created;
    });
    if (created !== n) throw new Error(`the memory import stored ${created} of ${n} entries`);
    // An entry's source with one word changed: near it, equal to none (the fuzzy path: nearest sources by trigrams).
    const near = entries[n >> 1].source.replace(/ (\S+) (\d+)$/, ' $1s $2');
    const lookup = await load(`${bench.client.base}/api/memory/lookup/?source_language=en&target_language=cs`, 16, { token: bench.client.token, json: { strings: [near] } });
    return [row(name, { value: lookup.median, unit: 'ms' }, { label: 'GET /api/ at 16', quantity: { value: bench.api.at16.median, unit: 'ms' } }, [{ max: LOOKUP_MS }],
      `${Math.round(lookup.perSecond)} req/s; import of the ${count(n)} entries took ${format({ value: importMs, unit: 'ms' })}`)];
  });
}
