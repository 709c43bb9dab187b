import { readdir, readFile } from 'node:fs/promises';

/** Resident memory of one process, in MiB, from /proc/<pid>/status (VmRSS now, VmHWM its peak so far). */
async function status(pid: number): Promise<{ rss: number; hwm: number } | null> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  if (text === null) return null;
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Every process below `pid` (the embedded PostgreSQL's postmaster and backends, started by the server). */
export async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    // The command name (field 2) may hold spaces and parentheses: the parent pid is the 2nd field after the last ')'.
    if (stat) parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Proportional set size (shared pages divided among their sharers), so PostgreSQL's shared buffers count once. */
async function pss(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  return Number(/^Pss:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) / 1024;
}

export interface MemoryPeak {
  /** Highest VmRSS of the server process seen while sampling, MiB. */
  server: number;
  /** Highest summed PSS of the server's descendant processes (embedded PostgreSQL), MiB; 0 when external. */
  database: number;
}

/**
 * Samples the server's RSS every 100 ms (and its descendants' every 500 ms: walking /proc costs more) while
 * `work` runs, and returns the peaks with the work's result.
 */
export async function withMemoryPeak<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: MemoryPeak }> {
  const peak: MemoryPeak = { server: 0, database: 0 };
  let ticks = 0;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      peak.server = Math.max(peak.server, (await status(pid))?.rss ?? 0);
      if (ticks++ % 5 === 0) {
        const sizes = await Promise.all((await descendants(pid)).map(pss));
        peak.database = Math.max(peak.database, sizes.reduce((a, b) => a + b, 0));
      }
    } finally {
      busy = false;
    }
  };
  await sample();
  const timer = setInterval(() => void sample(), 100);
  try {
    const result = await work();
    await sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The server's own peak resident memory since it started (VmHWM), MiB. */
export async function lifetimePeak(pid: number): Promise<number> {
  return (await status(pid))?.hwm ?? 0;
}
