import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real smart-HTTP git server for tests: isomorphic-git cannot use file:// or local paths, so every repository
 * test talks to `git http-backend` (git's own CGI program), spawned once per request.
 */
export interface GitHttpServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** GIT_PROJECT_ROOT: bare repositories live directly under it. */
  root: string;
  /** Creates a bare repository that accepts pushes; with files, it gets an initial commit. Returns its clone URL. */
  createBareRepo(name: string, files?: FileChanges, branch?: string): Promise<string>;
  /** Simulates an upstream commit (a `null` content deletes the file); returns the new commit sha. */
  commitToBare(name: string, files: FileChanges, message: string, branch?: string): Promise<string>;
  readFile(name: string, path: string, ref?: string): Promise<string>;
  /** How many fetches or clones of the repository the server has answered (its upload-pack negotiations). */
  fetchCount(name: string): number;
  log(name: string, ref?: string): Promise<BareCommit[]>;
  /**
   * Holds the requests whose path matches (e.g. `/app.git/git-receive-pack`) until `release()`, as a slow remote
   * would: the git operation that sent one stays in progress. `reached` resolves when the first arrives.
   */
  hold(path: RegExp): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

interface Hold {
  path: RegExp;
  arrived: () => void;
  released: Promise<void>;
}

/** New contents by path: text or bytes, `null` to delete, or a symbolic link to a target path. */
type FileChanges = Record<string, string | Buffer | null | { symlink: string }>;

interface BareCommit {
  sha: string;
  message: string;
  authorName: string;
  authorEmail: string;
}

export const UPSTREAM_AUTHOR = { name: 'Upstream Developer', email: 'upstream@example.com' };

// Isolates the spawned git from the developer's ~/.gitconfig and /etc/gitconfig.
function gitEnv(root: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: '1', ...extra };
}

function runGit(root: string, args: string[], options: { input?: Buffer | string; env?: Record<string, string> } = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('git', args, {
      env: gitEnv(root, options.env),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`git ${args.join(' ')} exited with ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

export async function startGitHttpServer(
  options: { auth?: { username: string; password: string } } = {},
): Promise<GitHttpServer> {
  const root = await mkdtemp(join(tmpdir(), 'git-http-'));
  const holds = new Set<Hold>();
  const fetches = new Map<string, number>();
  const server = createServer((req, res) => {
    // Every fetch and clone starts with the upload-pack ref advertisement: one request per fetch.
    const advertised = /^\/(.+)\/info\/refs\?service=git-upload-pack$/.exec(req.url ?? '');
    if (advertised) fetches.set(decodeURIComponent(advertised[1]), (fetches.get(decodeURIComponent(advertised[1])) ?? 0) + 1);
    const user = authenticate(req, options.auth);
    if (user === false) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('Unauthorized');
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const held = [...holds].filter((hold) => hold.path.test(pathname));
    for (const hold of held) hold.arrived();
    Promise.all(held.map((hold) => hold.released)).then(() => serveCgi(root, req, res, user)).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const gitDir = (name: string) => join(root, name);

  const commitToBare = async (name: string, files: FileChanges, message: string, branch = 'main') => {
    const dir = gitDir(name);
    // A private index file keeps the bare repository free of an index and avoids a temporary clone.
    const env = {
      GIT_DIR: dir,
      GIT_INDEX_FILE: join(root, `.index-${process.pid}-${Date.now()}-${Math.random()}`),
      GIT_AUTHOR_NAME: UPSTREAM_AUTHOR.name,
      GIT_AUTHOR_EMAIL: UPSTREAM_AUTHOR.email,
      GIT_COMMITTER_NAME: UPSTREAM_AUTHOR.name,
      GIT_COMMITTER_EMAIL: UPSTREAM_AUTHOR.email,
    };
    const git = (args: string[], input?: Buffer | string) => runGit(root, args, { env, input });
    const parent = (await git(['for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`])).trim();
    try {
      if (parent) await git(['read-tree', parent]);
      const entries: string[] = [];
      for (const [path, content] of Object.entries(files)) {
        // Mode 0 in --index-info removes the path; update-index --force-remove would need a work tree.
        const data = content === null ? null : typeof content === 'object' && 'symlink' in content ? content.symlink : content;
        const blob = data === null ? '0'.repeat(40) : (await git(['hash-object', '-w', '--stdin'], data)).trim();
        const mode = content === null ? '0' : data === content ? '100644' : '120000';
        entries.push(`${mode} ${blob}\t${path}\n`);
      }
      await git(['update-index', '--index-info'], entries.join(''));
      const tree = (await git(['write-tree'])).trim();
      const commit = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], message)).trim();
      await git(['update-ref', `refs/heads/${branch}`, commit, ...(parent ? [parent] : [])]);
      return commit;
    } finally {
      await rm(env.GIT_INDEX_FILE, { force: true });
    }
  };

  return {
    url,
    root,
    async createBareRepo(name, files, branch = 'main') {
      await mkdir(gitDir(name), { recursive: true });
      await runGit(root, ['init', '--quiet', '--bare', `--initial-branch=${branch}`, gitDir(name)]);
      await runGit(root, ['-C', gitDir(name), 'config', 'http.receivepack', 'true']);
      if (files && Object.keys(files).length > 0) await commitToBare(name, files, 'Initial commit', branch);
      return `${url}/${name}`;
    },
    commitToBare,
    fetchCount: (name) => fetches.get(name) ?? 0,
    readFile: (name, path, ref = 'HEAD') => runGit(root, ['-C', gitDir(name), 'show', `${ref}:${path}`]),
    async log(name, ref = 'HEAD') {
      const out = await runGit(root, ['-C', gitDir(name), 'log', '--format=%H%x00%an%x00%ae%x00%B%x1e', ref]);
      return out
        .split('\x1e')
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => {
          const [sha, authorName, authorEmail, message] = record.split('\0');
          return { sha, authorName, authorEmail, message: message.trim() };
        });
    },
    hold(path) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const hold: Hold = { path, arrived, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.add(hold);
      return {
        reached,
        release: () => {
          holds.delete(hold);
          release();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Returns the user name, `undefined` when no auth is configured, or `false` when the credentials are wrong. */
function authenticate(req: IncomingMessage, auth?: { username: string; password: string }): string | undefined | false {
  if (!auth) return undefined;
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  return decoded === `${auth.username}:${auth.password}` ? auth.username : false;
}

async function serveCgi(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  user: string | undefined,
): Promise<void> {
  const requestUrl = new URL(req.url ?? '/', 'http://localhost');
  const env = gitEnv(root, {
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: decodeURIComponent(requestUrl.pathname),
    QUERY_STRING: requestUrl.search.replace(/^\?/, ''),
    REQUEST_METHOD: req.method ?? 'GET',
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '',
    // http-backend inflates gzip bodies itself when told the encoding.
    HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
    HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
    ...(user ? { REMOTE_USER: user } : {}),
    // Without CONTENT_LENGTH (chunked uploads from the git CLI) http-backend reads the body until EOF.
    ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
  });
  // A client that went away while held (a killed server) needs no answer.
  if (req.socket.destroyed) return;
  const child = spawn('git', ['http-backend'], { env });
  // One that goes away later leaves the backend waiting for the rest of the body: end it.
  res.once('close', () => child.kill());
  req.pipe(child.stdin);
  child.stdin.on('error', () => undefined); // the backend may exit before reading a rejected request body

  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    writeCgiHead(res, head.subarray(0, end).toString('latin1'));
    res.write(head.subarray(end + 4));
  });
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => {
      if (!headersDone) res.writeHead(502);
      res.end();
      resolve();
    });
  });
}

function writeCgiHead(res: ServerResponse, head: string): void {
  let status = 200;
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else res.setHeader(name, value);
  }
  res.writeHead(status);
}
