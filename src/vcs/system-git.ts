import { spawn } from 'node:child_process';
import { Credentials } from './working-copy';
import { VcsErrorCode } from './vcs-error';

export interface GitRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface SystemGitOptions {
  /** Used for http(s) remotes only; ssh authenticates with the keys of the server's user. */
  credentials?: Credentials;
  /** GIT_SSH_COMMAND; batch mode so that a missing key fails instead of waiting for a password prompt. */
  sshCommand?: string;
  /** Connect only to public addresses, checked when connecting (see connection-pinning.ts). */
  blockPrivateHosts?: boolean;
  /** `http.curloptResolve` for an http(s) connection: `host:port:address`, the address checked (pinnedCurlResolve). */
  curlResolve?: string;
  /** Host name → addresses for that check; the system resolver by default. */
  resolve?: (host: string) => Promise<string[]>;
}

export const DEFAULT_SSH_COMMAND = 'ssh -o BatchMode=yes';

/**
 * Runs the git binary. Settings go through GIT_CONFIG_* variables rather than `-c` arguments so that an
 * Authorization header never shows up in the process list, and transports are limited to ssh and http(s):
 * `ext::` URLs would run arbitrary commands, `file://` would read the server's disk.
 */
export function runGit(
  cwd: string,
  args: string[],
  options: SystemGitOptions & { env?: Record<string, string> } = {},
): Promise<GitRun> {
  const config: [string, string][] = [
    ['http.followRedirects', 'false'],
    ['core.quotePath', 'false'],
  ];
  if (options.curlResolve) config.push(['http.curloptResolve', options.curlResolve]);
  if (options.credentials) {
    const token = Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64');
    config.push(['http.extraHeader', `Authorization: Basic ${token}`]);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C', // classifyGitStderr reads git's English messages
    GIT_ALLOW_PROTOCOL: 'ssh:https:http',
    GIT_SSH_COMMAND: options.sshCommand ?? DEFAULT_SSH_COMMAND,
    GIT_CONFIG_COUNT: String(config.length),
    ...Object.fromEntries(
      config.flatMap(([key, value], i) => [
        [`GIT_CONFIG_KEY_${i}`, key],
        [`GIT_CONFIG_VALUE_${i}`, value],
      ]),
    ),
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? -1, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
  });
}

/** Author and committer variables for a commit; dates are given to git in UTC. */
export function signatureEnv(
  role: 'AUTHOR' | 'COMMITTER',
  signature: { name: string; email: string; timestamp?: Date },
) {
  const seconds = Math.floor((signature.timestamp ?? new Date()).getTime() / 1000);
  return {
    [`GIT_${role}_NAME`]: signature.name,
    [`GIT_${role}_EMAIL`]: signature.email,
    [`GIT_${role}_DATE`]: `@${seconds} +0000`,
  };
}

/** Lines of NUL-separated output (`-z`), as used for paths so that unusual file names survive. */
export function splitNul(output: Buffer): string[] {
  return output.toString('utf8').split('\0').filter(Boolean);
}

/** Recognises the failures callers act on from git's messages (English: runGit sets LC_ALL=C). */
export function classifyGitStderr(stderr: string): VcsErrorCode | undefined {
  if (
    /Authentication failed|could not read (Username|Password)|Permission denied \(publickey|returned error: 40[13]/i.test(
      stderr,
    )
  ) {
    return 'auth_failed';
  }
  if (/\[(remote )?rejected\]|Updates were rejected|failed to push some refs/i.test(stderr)) return 'push_rejected';
  if (
    /not found in upstream|repository '[^']*' not found|Repository not found|does not appear to be a git repository|returned error: 404/i.test(
      stderr,
    )
  ) {
    return 'not_found';
  }
  return undefined;
}
