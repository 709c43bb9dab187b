import { attempt, Bench } from '../context';
import { load, LoadResult } from '../load-client';
import { startBareNest } from '../references';
import { row } from '../report';
import { PROJECT } from './imports';

/** Request overhead: authenticated `GET /api/` against the bare NestJS floor, and a project against `GET /api/`, at 50 connections. */
export async function apiRows(bench: Bench): Promise<void> {
  const { client } = bench;
  const token = client.token;
  const project = `authenticated GET /api/projects/<p>/ vs GET /api/, 50 connections`;
  const bare = 'authenticated GET /api/ vs a bare NestJS-on-Express endpoint, 50 connections';
  let api: LoadResult | undefined;
  const measured = await attempt(bench, `authenticated GET /api/ at 50 connections (the reference of the next rows)`, [{ minRatio: 0.7 }, { minRatio: 0.5 }], async () => {
    api = await load(`${client.base}/api/`, 50, { token });
    return [];
  });
  if (!measured || !api) return;
  const apiRate = { value: api.perSecond, unit: 'req/s' as const };
  const median = api.median;

  await attempt(bench, project, [{ minRatio: 0.7 }], async () => {
    const measured = await load(`${client.base}/api/projects/${PROJECT}/`, 50, { token });
    return [row(project, { value: measured.perSecond, unit: 'req/s' }, { label: 'auth. GET /api/', quantity: apiRate }, [{ minRatio: 0.7 }])];
  });

  await attempt(bench, bare, [{ minRatio: 0.5 }], async () => {
    const nest = await startBareNest();
    try {
      const floor = await load(nest.url, 50);
      return [row(bare, apiRate, { label: 'bare NestJS JSON', quantity: { value: floor.perSecond, unit: 'req/s' } }, [{ minRatio: 0.5 }], `median latency ${median.toFixed(1)} vs ${floor.median.toFixed(1)} ms`)];
    } finally {
      nest.stop();
    }
  });
}
