import type { Signature } from './working-copy';

export interface SquashedCommit {
  message: string;
  author: Pick<Signature, 'name' | 'email'>;
}

export interface SquashMessageOptions {
  /** Replaces the commits' messages. */
  message?: string;
  /** Appends the commits' trailers and a Co-authored-by line per commit author, as Weblate's squash add-on does. */
  appendTrailers?: boolean;
}

const TRAILER = /^[A-Za-z0-9-]+:\s/;

/**
 * The message of a commit that replaces `commits` (newest first), built as Weblate's GitSquashAddon builds it from
 * `git log`: their messages as `--format=%B` prints them, or the configured one; with trailers, the lines of the
 * body that are trailers move to one sorted, de-duplicated trailer block (of the Change-Id lines only the oldest
 * commit's stays, Gerrit wanting one).
 */
export function squashMessage(commits: readonly SquashedCommit[], options: SquashMessageOptions): string {
  const log = commits.map((commit) => `${commit.message.replace(/\n+$/, '')}\n\n`).join('');
  if (!options.appendTrailers) return options.message || log;
  const trailers = new Set<string>();
  let changeId: string | undefined;
  for (const commit of commits) {
    for (const line of [...trailersOf(commit.message), `Co-authored-by: ${commit.author.name} <${commit.author.email}>`]) {
      if (line.startsWith('Change-Id:')) changeId = line;
      else trailers.add(line);
    }
  }
  if (changeId !== undefined) trailers.add(changeId);
  const body = options.message ? [options.message] : log.split('\n').filter((line) => !trailers.has(line));
  return [...body, '', ...[...trailers].sort()].join('\n').replace(/^\n+|\n+$/g, '');
}

/**
 * The lines of the message's trailer block (what `%(trailers)` prints): its last paragraph, not the subject, when
 * every line is a `Token: value` trailer or the indented continuation of one. Git also accepts blocks mixing in
 * other lines when it recognises one of its own trailers; Weblate's messages never need that.
 */
function trailersOf(message: string): string[] {
  const paragraphs = message.replace(/\n+$/, '').split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return [];
  const lines = paragraphs[paragraphs.length - 1].split('\n');
  const isBlock = TRAILER.test(lines[0]) && lines.every((line) => TRAILER.test(line) || /^[ \t]/.test(line));
  return isBlock ? lines : [];
}
