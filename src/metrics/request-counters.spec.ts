import { DURATION_BUCKETS, incrementsOf, routeGroup, totalsOf } from './request-counters';

describe('request counters', () => {
  it('names the section of the route pattern that answered, and nothing of the URL otherwise', () => {
    expect(routeGroup('/api/units/:id/')).toBe('units');
    expect(routeGroup('/api/translations/:project/:component/:language/file/')).toBe('translations');
    expect(routeGroup('/api/')).toBe('root');
    expect(routeGroup('/hooks/github/')).toBe('hooks');
    expect(routeGroup('/')).toBe('root');
    expect(routeGroup('*path')).toBe('unmatched');
    expect(routeGroup(undefined)).toBe('unmatched');
  });

  it('adds requests up by group, method and status class, with a cumulative latency histogram', () => {
    const counters = new Map<string, number>();
    for (const sample of [
      { group: 'units', method: 'GET', status: 200, seconds: 0.004 },
      { group: 'units', method: 'GET', status: 204, seconds: 0.3 },
      { group: 'units', method: 'PATCH', status: 400, seconds: 12 },
    ]) {
      for (const [field, increment] of incrementsOf(sample)) counters.set(field, (counters.get(field) ?? 0) + increment);
    }
    const totals = totalsOf(counters);
    expect(totals.requests).toEqual([
      { group: 'units', method: 'GET', status: '2xx', count: 2 },
      { group: 'units', method: 'PATCH', status: '4xx', count: 1 },
    ]);
    const [units] = totals.durations;
    expect(units).toMatchObject({ group: 'units', count: 3 });
    expect(units.sum).toBeCloseTo(12.304);
    // 0.004 s falls in the first bucket, 0.3 s from the 0.5 s bucket on; 12 s only in +Inf (the count).
    expect(units.buckets).toEqual(DURATION_BUCKETS.map((bound) => (bound < 0.5 ? 1 : 2)));
  });
});
