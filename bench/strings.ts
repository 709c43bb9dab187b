import { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import JSZip from 'jszip';
import { DataSource } from 'typeorm';
import { MembershipService } from '../src/auth/membership.service';
import { AuthenticationService } from '../src/users/authentication.service';
import { User } from '../src/users/user.entity';
import { measure, percentiles, printMeasurement } from './http';

/**
 * The translation-strings side: importing and uploading a large PO catalogue, reading units and statistics
 * of that translation, and editing units one by one.
 */
const PATCHES = 500;
/** Unit lists and searches over the whole translation take up to seconds each: 10 requests per connection. */
const READS = { requests: 160, warmup: 4 };
const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n';

export async function benchStrings(client: ApiClient, port: number, count: number): Promise<void> {
  const project = 'bench';
  await client.send('POST', '/api/projects/', { name: 'Bench', slug: project, web: 'https://example.org/' });
  const translation = `/api/translations/${project}/strings/cs`;

  const importMs = await timed(() => importComponent(client, project, count));
  console.log(`import ${count} strings`.padEnd(32) + ` ${(importMs / 1000).toFixed(2)} s`);

  let accepted = 0;
  const uploadMs = await timed(async () => {
    const form = new FormData();
    form.append('file', new Blob([catalog(count, (i) => `Řetězec ${i}`)]), 'cs.po');
    accepted = ((await client.send('POST', `${translation}/file/`, form)) as { accepted: number }).accepted;
  });
  if (accepted !== count) throw new Error(`upload accepted ${accepted} of ${count} strings`);
  console.log(`upload ${count} strings`.padEnd(32) + ` ${(uploadMs / 1000).toFixed(2)} s  accepted ${accepted}`);
  console.log(`RSS after upload`.padEnd(32) + ` ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB (server and bench share the process)`);

  const page = (await client.send('GET', `${translation}/units/?page_size=${PATCHES}`)) as { results: { id: number }[] };
  const ids = page.results.map((unit) => unit.id);
  const reads = [
    ['units, first page', `${translation}/units/?page_size=100`],
    ['units search', '/api/units/?q=source:%22number%204242%22'],
    ['translation statistics', `${translation}/statistics/`],
    ['one unit', `/api/units/${ids[0]}/`],
  ];
  for (const [label, path] of reads) printMeasurement(label, await measure(port, path, { ...READS, headers: { Authorization: client.auth } }));

  const { median, p95 } = await patchUnits(client, ids);
  console.log(`PATCH unit (${ids.length} sequential)`.padEnd(32) + ` median ${median.toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`);
}

/** JSON or multipart requests with the superuser's key; fetch keeps its connections alive as well. */
export class ApiClient {
  readonly auth: string;

  constructor(private readonly base: string, token: string) {
    this.auth = `Token ${token}`;
  }

  async send(method: string, path: string, body?: FormData | object): Promise<unknown> {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(this.base + path, {
      method,
      headers: { Authorization: this.auth, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  }
}

/** Made the way test/factories/user.factory.ts does: there is no API to create a superuser. */
export async function superuserToken(app: INestApplication): Promise<string> {
  const user = await app.get<DataSource>(getDataSourceToken()).getRepository(User).save({
    username: 'bench', fullName: 'Bench', email: 'bench@example.com', isActive: true, isSuperuser: true, isBot: false,
  });
  await app.get(MembershipService).joinDefaultGroups(user.id);
  return app.get(AuthenticationService).issueKey(user.id);
}

/** Creates the component from a ZIP of untranslated strings; the parsing runs as a task, so wait for it. */
async function importComponent(client: ApiClient, project: string, count: number): Promise<void> {
  const zip = await new JSZip().file('po/cs.po', catalog(count, () => '')).generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const form = new FormData();
  for (const [name, value] of Object.entries({ name: 'Strings', slug: 'strings', filemask: 'po/*.po', file_format: 'po' })) form.append(name, value);
  form.append('zipfile', new Blob([zip]), 'strings.zip');
  const component = (await client.send('POST', `/api/projects/${project}/components/`, form)) as { task_url: string };
  await waitForTask(client, new URL(component.task_url).pathname);
}

async function waitForTask(client: ApiClient, path: string): Promise<void> {
  for (;;) {
    const task = (await client.send('GET', path)) as { completed: boolean; result: { error?: string } | null };
    if (task.completed) {
      if (task.result?.error) throw new Error(`task failed: ${task.result.error}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sequential, as an editor saves one string after another; a different unit each time, so nothing is cached. */
async function patchUnits(client: ApiClient, ids: number[]): Promise<{ median: number; p95: number }> {
  const latencies: number[] = [];
  for (const id of ids) {
    latencies.push(await timed(() => client.send('PATCH', `/api/units/${id}/`, { target: ['x'], state: 20 })));
  }
  return percentiles(latencies);
}

function catalog(count: number, target: (index: number) => string): string {
  const parts = [HEADER];
  for (let i = 0; i < count; i++) parts.push(`\nmsgid "String number ${i}"\nmsgstr "${target(i)}"\n`);
  return parts.join('');
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const begin = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - begin) / 1e6;
}
