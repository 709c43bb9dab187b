import { median } from '../api-client';
import { SIZES } from '../config';
import { attempt, Bench } from '../context';
import { load } from '../load-client';
import { row } from '../report';
import { asDuration, count, PROJECT } from './imports';

const TRANSLATION = `/api/translations/${PROJECT}/strings/cs`;
const DOWNLOADS = 5;

interface Unit {
  id: number;
  source: string[];
  target: string[];
}

/**
 * Reads and writes of the imported translation: unit list pages (first and deep), its download, its statistics
 * under load, sequential edits, then the download and the commit of those edits.
 */
export async function stringRows(bench: Bench): Promise<void> {
  const { client, references } = bench;
  const apiRef = { label: 'GET /api/', quantity: { value: bench.api.sequential, unit: 'ms' as const } };
  const pageSize = Math.min(1000, Math.floor(SIZES.strings / 100));
  const units = `${TRANSLATION}/units/?page_size=${pageSize}`;
  const first = `GET …/units/?page_size=${pageSize}, page 1 of ${count(SIZES.strings)}`;
  const deep = `GET …/units/?page_size=${pageSize}, page 90 of ${count(SIZES.strings)}`;
  await attempt(bench, `${first} / page 90`, [{ max: 30 }, { max: 30 }, { maxRatio: 1.2 }], async () => {
    const one = await client.sequentialMedian(units, SIZES.sequentialRequests);
    const ninety = await client.sequentialMedian(`${units}&page=90`, SIZES.sequentialRequests);
    return [
      row(first, { value: one, unit: 'ms' }, apiRef, [{ max: 30 }]),
      row(deep, { value: ninety, unit: 'ms' }, { label: 'page 1', quantity: { value: one, unit: 'ms' } }, [{ max: 30 }, { maxRatio: 1.2 }]),
    ];
  });

  const download = (when: string) => `download the ${count(SIZES.strings)} translation as PO, ${when}`;
  await attempt(bench, download('unchanged'), [{ maxRatio: 1 }], async () => {
    const { median: ms, first: once } = await downloads();
    return [row(download('unchanged'), { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO', quantity: asDuration(references.msgfmtPo) }, [{ maxRatio: 1 }], `median of ${DOWNLOADS}; first ${once.toFixed(0)} ms`)];
  });

  const stats = 'translation statistics at 16 concurrent clients (median)';
  await attempt(bench, stats, [{ maxRatio: 2 }], async () => {
    const measured = await load(`${client.base}${TRANSLATION}/statistics/`, 16, { token: client.token });
    return [row(stats, { value: measured.median, unit: 'ms' }, { label: 'GET /api/ at 16', quantity: { value: bench.api.at16.median, unit: 'ms' } }, [{ maxRatio: 2 }], `${Math.round(measured.perSecond)} req/s`)];
  });

  const patch = `sequential PATCH of a unit (${SIZES.edits} units)`;
  const edited = await attempt(bench, patch, [{ max: 10 }], async () => {
    const ids = await unitsToEdit();
    const times: number[] = [];
    for (const unit of ids) {
      // Every plural form, from the source's own text (placeholders included), so the edit passes the checks.
      const target = unit.target.map((_, form) => `${unit.source[Math.min(form, unit.source.length - 1)]} (upraveno)`);
      times.push(await client.timedOk('PATCH', `/api/units/${unit.id}/`, { target, state: 20 }));
    }
    return [row(patch, { value: median(times), unit: 'ms' }, apiRef, [{ max: 10 }])];
  });

  const afterEdits = download(`after ${SIZES.edits} edits`);
  await attempt(bench, afterEdits, [{ maxRatio: 1 }], async () => {
    if (!edited) throw new Error('the edits failed');
    const { median: ms, first: once } = await downloads();
    return [row(afterEdits, { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO', quantity: asDuration(references.msgfmtPo) }, [{ maxRatio: 1 }], `median of ${DOWNLOADS}; first (writes the edits) ${once.toFixed(0)} ms`)];
  });

  const commit = `commit ${SIZES.edits} changed strings of the ${count(SIZES.strings)} file`;
  await attempt(bench, commit, [{ maxRatio: 2 }], async () => {
    if (!edited) throw new Error('the edits failed');
    const { ms, status, text } = await client.timedRequest('POST', `${TRANSLATION}/repository/`, { operation: 'commit' });
    if (status !== 200 || (JSON.parse(text) as { result?: boolean }).result !== true) throw new Error(`commit answered HTTP ${status} ${text.slice(0, 500)}`);
    return [row(commit, { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO', quantity: asDuration(references.msgfmtPo) }, [{ maxRatio: 2 }])];
  });

  async function downloads(): Promise<{ median: number; first: number }> {
    const times: number[] = [];
    for (let i = 0; i < DOWNLOADS; i++) times.push(await client.timedOk('GET', `${TRANSLATION}/file/`));
    return { median: median(times), first: times[0] };
  }

  /** The first BENCH_EDITS units, read a page of 1000 at a time. */
  async function unitsToEdit(): Promise<Unit[]> {
    const found: Unit[] = [];
    for (let page = 1; found.length < SIZES.edits; page++) {
      const { results, next } = await client.get<{ results: Unit[]; next: string | null }>(`${TRANSLATION}/units/?page_size=1000&page=${page}`);
      found.push(...results);
      if (!next) break;
    }
    return found.slice(0, SIZES.edits);
  }
}

/** `GET /api/units/?q=source:"…"` for three words of one string in the middle of the catalogue, over every unit. */
export async function searchRow(bench: Bench, phrase: string, strings: number): Promise<void> {
  const name = `GET /api/units/?q=source:"…" over ${count(strings)} strings`;
  await attempt(bench, name, [{ max: 100 }], async () => {
    const path = `/api/units/?q=${encodeURIComponent(`source:"${phrase}"`)}`;
    const found = await bench.client.get<{ count: number }>(path);
    if (!found.count) throw new Error(`the search for "${phrase}" found nothing`);
    const ms = await bench.client.sequentialMedian(path, SIZES.sequentialRequests);
    return [row(name, { value: ms, unit: 'ms' }, { label: 'GET /api/', quantity: { value: bench.api.sequential, unit: 'ms' } }, [{ max: 100 }], `${found.count} match(es)`)];
  });
}
