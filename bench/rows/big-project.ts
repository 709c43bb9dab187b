import JSZip from 'jszip';
import { form, timed } from '../api-client';
import { SIZES } from '../config';
import { attempt, Bench, within } from '../context';
import { entries, render } from '../po-catalog';
import { format, row } from '../report';
import { count } from './imports';

const PROJECT = 'big';
const LANGUAGES = ['cs', 'de', 'fr', 'es', 'it', 'pl', 'pt', 'ru', 'ja', 'nl', 'sv', 'da', 'fi', 'hu', 'tr', 'uk', 'ko', 'el', 'ro', 'bg', 'hr', 'sk', 'sl', 'lt', 'lv'];
/** Components created at once: the machine has two cores. */
const PARALLEL = 2;

/**
 * Statistics of a project of BENCH_BIG_COMPONENTS × BENCH_BIG_LANGUAGES × BENCH_BIG_STRINGS strings (1 M by
 * default), built through the API as a user would: each component from a ZIP of one PO per language and the POT.
 */
export async function bigProjectRow(bench: Bench): Promise<void> {
  const { bigComponents, bigLanguages, bigStrings } = SIZES;
  if (bigLanguages > LANGUAGES.length) throw new Error(`BENCH_BIG_LANGUAGES may be at most ${LANGUAGES.length}`);
  const total = bigComponents * bigLanguages * bigStrings;
  const name = `statistics of a project with ${count(total)} strings (${bigComponents} × ${bigLanguages} × ${bigStrings})`;
  await attempt(bench, name, [{ maxRatio: 2 }], async () => {
    const { client } = bench;
    await client.send('POST', '/api/projects/', { name: 'Big', slug: PROJECT, web: 'https://example.org/' });
    // Past the time limit, no further component is started (the row then fails; the server is not left busy).
    let next = 0;
    const build = () => Promise.all(Array.from({ length: PARALLEL }, async () => {
      for (let index = next++; index < bigComponents; index = next++) await createComponent(bench, index);
    }));
    const buildMs = await timed(() => within(SIZES.stepTimeoutSeconds * 2, 'building the large project', build()).catch((error: unknown) => {
      next = bigComponents;
      throw error;
    }));
    const path = `/api/projects/${PROJECT}/statistics/`;
    const stats = await client.get<{ total: number }>(path);
    const ms = await client.sequentialMedian(path, SIZES.sequentialRequests);
    const api = await client.sequentialMedian('/api/', SIZES.sequentialRequests);
    return [row(name, { value: ms, unit: 'ms' }, { label: 'GET /api/', quantity: { value: api, unit: 'ms' } }, [{ maxRatio: 2 }],
      `statistics total ${stats.total}; building the project took ${format({ value: buildMs, unit: 'ms' })}`)];
  });
}

async function createComponent(bench: Bench, index: number): Promise<void> {
  const list = entries(SIZES.bigStrings, index * SIZES.bigStrings);
  const zip = new JSZip().file('po/messages.pot', render(list, null));
  for (const language of LANGUAGES.slice(0, SIZES.bigLanguages)) zip.file(`po/${language}.po`, render(list, language));
  const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const slug = `c${index}`;
  const fields = { name: slug, slug, filemask: 'po/*.po', new_base: 'po/messages.pot', file_format: 'po' };
  const component = await bench.client.send<{ task_url: string }>('POST', `/api/projects/${PROJECT}/components/`, form(fields, { zipfile: [`${slug}.zip`, content] }));
  await bench.client.waitForTask(component.task_url, SIZES.stepTimeoutSeconds * 1000);
}
