import { ChildProcess, execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { median, timed } from './api-client';
import { SIZES } from './config';

const run = promisify(execFile);

/** A reference that could not be measured on this machine is null, with the reason printed once. */
export type Reference = number | null;

/**
 * gettext's `msgfmt --check` of the files (one after the other), median of BENCH_REFERENCE_RUNS runs, in ms:
 * the C parser every PO toolchain is judged against. Installed with apt-get when missing.
 */
export async function msgfmt(files: string[]): Promise<Reference> {
  if (!(await available('msgfmt', ['--version'])) && !(await aptInstall('gettext'))) {
    console.log('reference: msgfmt is missing and `apt-get install gettext` failed; its ratios are not judged');
    return null;
  }
  return repeated(async () => {
    for (const file of files) await run('msgfmt', ['--check', '-o', '/dev/null', file], { maxBuffer: 1 << 24 });
  });
}

/**
 * translate-toolkit's parse of the file (Weblate's own PO reader), when `python3-translate` is importable by the
 * system's python3 or the one on PATH (tried to install with apt-get once); the peer reference, printed beside.
 */
export async function translateToolkit(file: string): Promise<Reference> {
  const script = 'import sys; from translate.storage import po; po.pofile.parsefile(sys.argv[1])';
  let python = await importing(['/usr/bin/python3', 'python3']);
  if (!python && (await aptInstall('python3-translate'))) python = await importing(['/usr/bin/python3']);
  if (!python) {
    console.log('reference: translate-toolkit is not importable (apt-get install python3-translate); its ratio is not shown');
    return null;
  }
  return repeated(() => run(python, ['-c', script, file]));
}

async function importing(pythons: string[]): Promise<string | null> {
  for (const python of pythons) if (await available(python, ['-c', 'import translate.storage.po'])) return python;
  return null;
}

async function repeated(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SIZES.referenceRuns; i++) times.push(await timed(work));
  return median(times);
}

function available(command: string, args: string[]): Promise<boolean> {
  return run(command, args).then(() => true, () => false);
}

async function aptInstall(pkg: string): Promise<boolean> {
  console.log(`reference: installing ${pkg} with apt-get`);
  return available('apt-get', ['install', '-y', '-q', pkg]);
}

export interface BareNest {
  url: string;
  stop(): void;
}

/** The bare NestJS-on-Express JSON endpoint (bench/bare-nest.ts) in a process of its own; it prints its port. */
export async function startBareNest(): Promise<BareNest> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'bare-nest.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare NestJS endpoint exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}
