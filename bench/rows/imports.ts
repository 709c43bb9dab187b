import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { form, timed, until } from '../api-client';
import { SIZES } from '../config';
import { attempt, Bench, within } from '../context';
import { lifetimePeak, MemoryPeak, withMemoryPeak } from '../process-memory';
import { format, Goal, row } from '../report';

export const PROJECT = 'bench';
const TWICE_MSGFMT: Goal[] = [{ maxRatio: 2 }];
const RSS_LIMIT_MIB = 250;

/**
 * The imports: a component from a ZIP of the PO + POT until its statistics are final, the same from the all-empty
 * copy, then the full PO uploaded into that one (`method=translate`, `fuzzy=process`); and the server's peak RSS
 * during the three. Returns whether the empty component exists with its strings (the search row wants 2 × N).
 */
export async function importRows(bench: Bench): Promise<boolean> {
  const { files, references } = bench;
  const n = SIZES.strings;
  const peaks: MemoryPeak[] = [];
  const peer = references.toolkitPo === null ? undefined : `translate-toolkit parses the PO in ${format({ value: references.toolkitPo, unit: 'ms' })}`;

  const fullName = `create a component from a ZIP with a ${count(n)}-string PO + POT, until statistics are final`;
  await attempt(bench, fullName, TWICE_MSGFMT, async () => {
    const ms = await createFromZip(bench, 'strings', await readFile(files.po), peaks);
    const toolkitRatio = references.toolkitPo === null ? '' : ` (${(ms / references.toolkitPo).toFixed(2)}× that)`;
    return [row(fullName, { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO+POT', quantity: asDuration(references.msgfmtFull) }, TWICE_MSGFMT, peer && peer + toolkitRatio)];
  });

  const emptyName = `create a component whose ${count(n)}-string PO has every msgstr empty`;
  const empty = await attempt(bench, emptyName, TWICE_MSGFMT, async () => {
    const ms = await createFromZip(bench, 'empty', await readFile(files.emptyPo), peaks);
    return [row(emptyName, { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO+POT', quantity: asDuration(references.msgfmtEmpty) }, TWICE_MSGFMT)];
  });

  const uploadName = `upload a ${count(n)}-string PO into it (method=translate, fuzzy=process)`;
  await attempt(bench, uploadName, TWICE_MSGFMT, async () => {
    if (!empty) throw new Error('the empty component was not created');
    const body = form({ method: 'translate', fuzzy: 'process' }, { file: ['cs.po', await readFile(files.po)] });
    let answer: { accepted?: number; total?: number } = {};
    const { result: ms, peak } = await withMemoryPeak(bench.server.pid, () =>
      timed(async () => (answer = await within(SIZES.stepTimeoutSeconds, 'the upload', bench.client.send(`POST`, `/api/translations/${PROJECT}/empty/cs/file/`, body)))),
    );
    peaks.push(peak);
    return [row(uploadName, { value: ms, unit: 'ms' }, { label: 'msgfmt --check PO', quantity: asDuration(references.msgfmtPo) }, TWICE_MSGFMT, `accepted ${answer.accepted} of ${answer.total}`)];
  });

  const rssName = 'peak RSS of the server during those imports';
  await attempt(bench, rssName, [{ max: RSS_LIMIT_MIB }], async () => {
    if (peaks.length === 0) throw new Error('no import ran');
    const server = Math.max(...peaks.map((p) => p.server));
    const database = Math.max(...peaks.map((p) => p.database));
    const notes = [
      `sampled every 100 ms over ${peaks.length} import(s); VmHWM since start ${Math.round(await lifetimePeak(bench.server.pid))} MiB`,
      ...(bench.server.embedded ? [`embedded PostgreSQL (its processes' PSS, not counted above) peaked at ${Math.round(database)} MiB`] : []),
    ];
    return [row(rssName, { value: server, unit: 'MiB' }, null, [{ max: RSS_LIMIT_MIB }], notes.join('; '))];
  });
  return empty;
}

/** Creates component `slug` from a ZIP of `po/cs.po` + the POT and waits until its translation's statistics count every string. */
async function createFromZip(bench: Bench, slug: string, po: Buffer, peaks: MemoryPeak[]): Promise<number> {
  const zip = await new JSZip().file('po/cs.po', po).file('po/messages.pot', await readFile(bench.files.pot)).generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const fields = { name: slug, slug, filemask: 'po/*.po', new_base: 'po/messages.pot', file_format: 'po' };
  const { result: ms, peak } = await withMemoryPeak(bench.server.pid, () =>
    timed(() => within(SIZES.stepTimeoutSeconds, `creating component ${slug}`, (async () => {
      const component = await bench.client.send<{ task_url: string }>('POST', `/api/projects/${PROJECT}/components/`, form(fields, { zipfile: [`${slug}.zip`, zip] }));
      await bench.client.waitForTask(component.task_url, SIZES.stepTimeoutSeconds * 1000);
      await until(SIZES.stepTimeoutSeconds * 1000, 'statistics', async () =>
        (await bench.client.get<{ total: number }>(`/api/translations/${PROJECT}/${slug}/cs/statistics/`)).total === SIZES.strings);
    })())),
  );
  peaks.push(peak);
  return ms;
}

/** A reference in ms as a quantity (null when it could not be measured). */
export function asDuration(value: number | null): { value: number; unit: 'ms' } | null {
  return value === null ? null : { value, unit: 'ms' };
}

/** 100000 → "100 k". */
export function count(n: number): string {
  return n >= 1_000_000 && n % 1_000_000 === 0 ? `${n / 1_000_000} M` : n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n);
}
