import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { census, entries, render } from './po-catalog';

/** The N-string catalogue as files in a new temporary folder: the Czech PO, its POT and the all-empty copy of the PO. */
export async function writeCatalogue(count: number): Promise<{ dir: string; po: string; pot: string; emptyPo: string; phrase: string; census: ReturnType<typeof census> }> {
  const dir = await mkdtemp(join(tmpdir(), 'wts-bench-data-'));
  const list = entries(count);
  const files = { po: join(dir, 'cs.po'), pot: join(dir, 'messages.pot'), emptyPo: join(dir, 'cs-empty.po') };
  await writeFile(files.po, render(list, 'cs'));
  await writeFile(files.pot, render(list, null));
  await writeFile(files.emptyPo, render(list, 'cs', true));
  // Three words in the middle of one source string: what the search row looks for.
  const middle = list[count >> 1].source.replace(/[^\p{L} ]/gu, '').trim().split(' ');
  return { dir, ...files, phrase: middle.slice(-3).join(' '), census: census(list) };
}
