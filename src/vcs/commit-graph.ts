export interface CommitNode {
  parents: string[];
  /** Committer time in seconds; the walk visits newer commits first. */
  time: number;
}

const FROM_LOCAL = 1;
const FROM_REMOTE = 2;
const COMMON = FROM_LOCAL | FROM_REMOTE;

/**
 * Counts the commits only reachable from `local` (outgoing) and only reachable from `remote` (missing), like
 * `git rev-list --count remote..local` and `local..remote`; a null side has no commits.
 */
export async function countDivergence(
  readCommit: (oid: string) => Promise<CommitNode>,
  local: string | null,
  remote: string | null,
): Promise<{ outgoing: number; missing: number }> {
  const { flags } = await markDivergence(readCommit, local, remote);
  let outgoing = 0;
  let missing = 0;
  for (const flag of flags.values()) {
    if (flag === FROM_LOCAL) outgoing += 1;
    if (flag === FROM_REMOTE) missing += 1;
  }
  return { outgoing, missing };
}

/**
 * The commits of `git rev-list remote..local` in the order the walk visits them, as `git log` lists them: newest
 * first, and a linear series child before parent whatever its dates.
 */
export async function outgoingCommits(
  readCommit: (oid: string) => Promise<CommitNode>,
  local: string,
  remote: string,
): Promise<string[]> {
  const { flags, visited } = await markDivergence(readCommit, local, remote);
  return visited.filter((oid) => flags.get(oid) === FROM_LOCAL);
}

/**
 * Flags every commit seen as reachable from local, remote or both (every commit only one side reaches is visited,
 * in the order `visited` lists). Walking newest-first and stopping once every
 * queued commit is common to both keeps the walk proportional to the divergence, not to the whole history.
 */
async function markDivergence(
  readCommit: (oid: string) => Promise<CommitNode>,
  local: string | null,
  remote: string | null,
): Promise<{ flags: Map<string, number>; visited: string[] }> {
  const flags = new Map<string, number>();
  if (local) flags.set(local, FROM_LOCAL);
  if (remote) flags.set(remote, (flags.get(remote) ?? 0) | FROM_REMOTE);
  const nodes = new Map<string, CommitNode>();
  const queue = new Set(flags.keys());
  const visited: string[] = [];

  const node = async (oid: string) => {
    let found = nodes.get(oid);
    if (!found) {
      found = await readCommit(oid);
      nodes.set(oid, found);
    }
    return found;
  };

  while ([...queue].some((oid) => flags.get(oid) !== COMMON)) {
    let newest: string | undefined;
    for (const oid of queue) {
      if (newest === undefined || (await node(oid)).time > (await node(newest)).time) newest = oid;
    }
    const oid = newest as string;
    queue.delete(oid);
    visited.push(oid);
    const flag = flags.get(oid) as number;
    for (const parent of (await node(oid)).parents) {
      const before = flags.get(parent) ?? 0;
      if ((before | flag) === before) continue;
      flags.set(parent, before | flag);
      queue.add(parent);
    }
  }

  // Equal or skewed dates can let the walk mark a commit from one side before reaching it from the other: push
  // commonness down through every commit seen so far.
  const common = [...flags].filter(([, flag]) => flag === COMMON).map(([oid]) => oid);
  for (let oid = common.pop(); oid !== undefined; oid = common.pop()) {
    for (const parent of (await node(oid)).parents) {
      if (flags.has(parent) && flags.get(parent) !== COMMON) {
        flags.set(parent, COMMON);
        common.push(parent);
      }
    }
  }

  return { flags, visited };
}
