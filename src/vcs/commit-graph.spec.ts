import { CommitNode, countDivergence, outgoingCommits } from './commit-graph';

/** `graph` maps each commit to its parents; times default to one second per letter, so later letters are newer. */
function reader(graph: Record<string, string[]>, times: Record<string, number> = {}) {
  const reads: string[] = [];
  const read = async (oid: string): Promise<CommitNode> => {
    reads.push(oid);
    return { parents: graph[oid], time: times[oid] ?? oid.charCodeAt(0) };
  };
  return { read, reads };
}

describe('countDivergence', () => {
  // a - b - c - d (local)
  //      \
  //       e - f (remote)
  const diverged = { a: [], b: ['a'], c: ['b'], d: ['c'], e: ['b'], f: ['e'] };

  it('counts commits on each side of the fork', async () => {
    expect(await countDivergence(reader(diverged).read, 'd', 'f')).toEqual({ outgoing: 2, missing: 2 });
  });

  it('does not walk the common history below the fork point', async () => {
    const { read, reads } = reader(diverged);
    await countDivergence(read, 'd', 'f');
    expect(reads).not.toContain('a');
  });

  it('counts a merge of the remote branch as outgoing only', async () => {
    // local merged f: g has parents d and f
    const graph = { ...diverged, g: ['d', 'f'] };
    expect(await countDivergence(reader(graph).read, 'g', 'f')).toEqual({ outgoing: 3, missing: 0 });
  });

  it('is exact when every commit has the same date', async () => {
    // The case after a rebase in the same second: remote u, local x - y on top of it.
    const graph = { i: [], u: ['i'], x: ['u'], y: ['x'] };
    const sameTime = { i: 1, u: 1, x: 1, y: 1 };
    expect(await countDivergence(reader(graph, sameTime).read, 'y', 'u')).toEqual({ outgoing: 2, missing: 0 });
    expect(await countDivergence(reader(graph, sameTime).read, 'u', 'y')).toEqual({ outgoing: 0, missing: 2 });
  });

  it('is exact when a parent is dated after its child', async () => {
    const times = { a: 1, b: 50, c: 3, d: 4, e: 5, f: 6 };
    expect(await countDivergence(reader(diverged, times).read, 'd', 'f')).toEqual({ outgoing: 2, missing: 2 });
  });

  it('treats a missing side as having no commits', async () => {
    expect(await countDivergence(reader(diverged).read, 'd', null)).toEqual({ outgoing: 4, missing: 0 });
    expect(await countDivergence(reader(diverged).read, null, null)).toEqual({ outgoing: 0, missing: 0 });
    expect(await countDivergence(reader(diverged).read, 'd', 'd')).toEqual({ outgoing: 0, missing: 0 });
  });
});

describe('outgoingCommits', () => {
  const diverged = { a: [], b: ['a'], c: ['b'], d: ['c'], e: ['b'], f: ['e'] };

  it('lists the commits only the local side has, newest first', async () => {
    expect(await outgoingCommits(reader(diverged).read, 'd', 'f')).toEqual(['d', 'c']);
    expect(await outgoingCommits(reader({ ...diverged, g: ['d', 'f'] }).read, 'g', 'f')).toEqual(['g', 'd', 'c']);
  });

  it('lists a linear series child before parent even when the dates say otherwise', async () => {
    const graph = { i: [], u: ['i'], x: ['u'], y: ['x'], z: ['y'] };
    expect(await outgoingCommits(reader(graph, { i: 1, u: 2, x: 9, y: 5, z: 3 }).read, 'z', 'u')).toEqual(['z', 'y', 'x']);
  });
});
