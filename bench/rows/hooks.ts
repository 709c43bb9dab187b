import { GitHttpServer, startGitHttpServer } from '../../test/support/git-http-server';
import { timed, until } from '../api-client';
import { SIZES } from '../config';
import { attempt, Bench } from '../context';
import { countingProxy, CountingProxy } from '../git-proxy';
import { entries, render } from '../po-catalog';
import { format, row } from '../report';

const STRINGS = 10;
/** Components created at once: the machine has two cores. */
const PARALLEL = 2;

/**
 * A push hook naming one repository that BENCH_HOOK_COMPONENTS components share (each its own file in it), every
 * file changed by the push, against the same hook for a repository of one component; both timed until the
 * project's statistics show the new strings. The git server is the tests' `git http-backend`, behind a proxy that
 * counts fetches.
 */
export async function hookRows(bench: Bench): Promise<void> {
  const n = SIZES.hookComponents;
  const time = `a push hook for ${n} components sharing one repository`;
  const fetches = `fetches of the repository for that hook`;
  const git = await startGitHttpServer();
  const proxy = await countingProxy(git.url);
  try {
    await attempt(bench, `${time} (and its fetches)`, [{ maxRatio: 2 }, { max: 1 }], async () => {
      const single = await setUp(bench, git, proxy, 'hook-one', 1);
      const shared = await setUp(bench, git, proxy, 'hooks', n);
      const one = await push(bench, git, proxy, single);
      const many = await push(bench, git, proxy, shared, one.delta);
      return [
        row(time, { value: many.ms, unit: 'ms' }, { label: "one component's update", quantity: { value: one.ms, unit: 'ms' } }, [{ maxRatio: 2 }]),
        row(fetches, { value: many.fetches, unit: 'fetches' }, { label: "one component's update", quantity: { value: one.fetches, unit: 'fetches' } }, [{ max: 1 }],
          `setting up the ${n} components took ${format({ value: shared.setupMs, unit: 'ms' })}`),
      ];
    });
  } finally {
    await proxy.close();
    await git.close();
  }
}

interface HookProject {
  slug: string;
  url: string;
  components: number;
  setupMs: number;
}

const file = (index: number, extra: number) => render(entries(STRINGS + extra, index * 100), 'cs');

/** Project `slug` with `components` components, component i on `c<i>/*.po` of one new repository. */
async function setUp(bench: Bench, git: GitHttpServer, proxy: CountingProxy, slug: string, components: number): Promise<HookProject> {
  const files = Object.fromEntries(Array.from({ length: components }, (_, i) => [`c${i}/cs.po`, file(i, 0)]));
  await git.createBareRepo(slug, files);
  const url = `${proxy.url}/${slug}`;
  const { client } = bench;
  await client.send('POST', '/api/projects/', { name: slug, slug, web: 'https://example.org/' });
  let next = 0;
  const setupMs = await timed(() => Promise.all(Array.from({ length: PARALLEL }, async () => {
    for (let i = next++; i < components; i = next++) {
      const fields = { name: `C${i}`, slug: `c${i}`, repo: url, branch: 'main', filemask: `c${i}/*.po`, file_format: 'po' };
      const component = await client.send<{ task_url: string | null }>('POST', `/api/projects/${slug}/components/`, fields);
      if (component.task_url) await client.waitForTask(component.task_url, SIZES.stepTimeoutSeconds * 1000);
    }
  })));
  return { slug, url, components, setupMs };
}

/**
 * Commits one more string to every component's file upstream, sends a Gitea push hook naming the repository, and
 * waits until the project's statistics grew by one string's worth per component (`delta`, learnt from the first call).
 */
async function push(bench: Bench, git: GitHttpServer, proxy: CountingProxy, project: HookProject, delta?: number): Promise<{ ms: number; fetches: number; delta: number }> {
  const { client } = bench;
  const total = async () => (await client.get<{ total: number }>(`/api/projects/${project.slug}/statistics/`)).total;
  const before = await total();
  const changes = Object.fromEntries(Array.from({ length: project.components }, (_, i) => [`c${i}/cs.po`, file(i, 1)]));
  await git.commitToBare(project.slug, changes, 'One more string in every file');
  proxy.reset();
  let after = before;
  const payload = { ref: 'refs/heads/main', repository: { full_name: `bench/${project.slug}`, clone_url: project.url } };
  const ms = await timed(async () => {
    const answer = await fetch(`${client.base}/hooks/gitea/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    if (answer.status !== 200) throw new Error(`the hook answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    await until(SIZES.stepTimeoutSeconds * 1000, `the hook's updates of ${project.slug}`, async () => {
      after = await total();
      return delta === undefined ? after !== before : after >= before + delta * project.components;
    });
  });
  return { ms, fetches: proxy.fetches(), delta: after - before };
}
