import { execFileSync } from 'node:child_process';
import { po as parsePo } from 'gettext-parser';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { allPages } from '../support/all-pages';

/*
 * 50 clients, each making 100 operations one after the other, all at once on the same 40 strings of one
 * translation: PATCH of a string, upload of a file setting several, a bulk-edit add-on run, commit and pull (the
 * upstream moves meanwhile). Then: no answer was a 5xx, every acknowledged edit is in the change log, the
 * statistics equal a recount of the units, each string holds the last value the log gives it, a final commit
 * holds those values in the file, and `git fsck` finds the working copy sound.
 */

jest.setTimeout(600_000);

const CLIENTS = 50;
const OPERATIONS = 100;
const STRINGS = 40;
const SOURCES = Array.from({ length: STRINGS }, (_, index) => `String ${index}`);

const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n';
const po = (entries: [string, string][]) => HEADER + entries.map(([source, target]) => `\nmsgid "${source}"\nmsgstr "${target}"\n`).join('');

interface Unit {
  id: number;
  source: string[];
  target: string[];
  state: number;
}
interface Change {
  id: number;
  unit: string | null;
  target: string;
}

/** What a client was told was done: the value it set for a string (source text → target). */
interface Acknowledged {
  source: string;
  target: string;
}

describe('concurrent clients on overlapping strings', () => {
  const env = useGitTestEnv();

  it(`keeps every edit of ${CLIENTS} clients × ${OPERATIONS} operations, with exact statistics and a sound working copy`, async () => {
    const { t, git, admin } = env;
    const { project, workDir } = await createGitComponent(env, 'contended', { 'po/cs.po': po(SOURCES.map((source) => [source, ''])), 'README': 'v0\n' }, {
      filemask: 'po/*.po', file_format: 'po',
    });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const repository = `${translation}repository/`;
    const api = (method: 'get' | 'post' | 'patch', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const units: Unit[] = (await api('get', `${translation}units/?page_size=1000`).expect(200)).body.results;
    expect(units).toHaveLength(STRINGS);
    const unitBySource = new Map(units.map((unit) => [unit.source[0]!, unit]));
    // Marks strings needing editing as translated whenever the component is updated (a pull) or triggered.
    const bulk = (await api('post', `/api/components/${project.slug}/app/addons/`)
      .send({ name: 'weblate.flags.bulk', configuration: { q: 'state:needs-editing', state: 20 } }).expect(201)).body as { id: number };

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const acknowledged: Acknowledged[] = [];
    let upstreamCommits = 0;
    let lockRefusals = 0;
    let repositoryOperationsDone = 0;

    // Upstream commits one at a time (the bare repository's branch moves from the commit each one read).
    let upstream = Promise.resolve();
    const commitUpstream = (by: string) => (upstream = upstream.then(async () => {
      upstreamCommits++;
      await git.commitToBare('contended', { README: `v${upstreamCommits} by ${by}\n` }, `Upstream ${upstreamCommits}`);
    }));

    const client = async (id: number) => {
      for (let operation = 0; operation < OPERATIONS; operation++) {
        // A fixed mix, spread differently for each client: 80 % PATCH, 10 % upload, 3 % bulk edit, 4 % commit, 3 % pull.
        const roll = ((id * 37 + operation * 61) % 100) / 100;
        const spot = (id * 13 + operation * 7) % STRINGS;
        const value = `c${id} o${operation}`;
        let res;
        let onRepository = false;
        if (roll < 0.8) {
          // Every client edits anywhere in the 40 strings: each is edited by many clients at once.
          const source = SOURCES[spot]!;
          res = await api('patch', `/api/units/${unitBySource.get(source)!.id}/`).send({ target: [value], state: operation % 3 === 0 ? 10 : 20 });
          if (res.status === 200) acknowledged.push({ source, target: value });
        } else if (roll < 0.9) {
          const first = spot % (STRINGS - 5);
          const edited = SOURCES.slice(first, first + 5).map((source, index): [string, string] => [source, `${value} u${index}`]);
          res = await api('post', `${translation}file/`).field('conflicts', 'replace-translated').attach('file', Buffer.from(po(edited)), 'cs.po');
          if (res.status === 200) {
            // An upload answers how many strings it took; every one of the five differs from what was stored.
            if (res.body.accepted !== 5) failures.push(`upload by ${value} accepted ${JSON.stringify(res.body)}`);
            acknowledged.push(...edited.map(([source, target]) => ({ source, target })));
          }
        } else if (roll < 0.93) {
          res = await api('post', `/api/addons/${bulk.id}/trigger/`);
        } else if (roll < 0.97) {
          res = await api('post', repository).send({ operation: 'commit' });
          onRepository = true;
        } else {
          if (operation % 2 === 0) await commitUpstream(value);
          res = await api('post', repository).send({ operation: 'pull' });
          onRepository = true;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // A repository operation may find the lock busy past its wait: 423 "try again shortly", as Weblate answers.
        const refusedForLock = onRepository && res.status === 423 && res.body.errors?.[0]?.code === 'repository-locked';
        if (refusedForLock) lockRefusals++;
        else if (res.status >= 300) failures.push(`${value} (roll ${roll}) → ${res.status} ${JSON.stringify(res.body)}`);
        else if (onRepository) repositoryOperationsDone++;
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)));
    await t.drainTasks();
    await t.deliverEvents();
    await t.drainTasks();

    // Every answer was a success but for a busy repository lock: no deadlock, no 5xx reached a client.
    expect({ failures: failures.slice(0, 20), count: failures.length }).toEqual({ failures: [], count: 0 });
    expect(repositoryOperationsDone).toBeGreaterThan(0);

    // Every acknowledged edit is in the change log, on the string it was made to.
    const changes = (await allPages<Change>(t, admin.auth, `${translation}changes/?page_size=1000`)).filter((change) => change.unit !== null);
    const sourceByUnitUrl = new Map(units.map((unit) => [`/api/units/${unit.id}/`, unit.source[0]!]));
    const logged = new Set(changes.map((change) => `${sourceByUnitUrl.get(new URL(change.unit!).pathname)}\0${change.target}`));
    const lost = acknowledged.filter((edit) => !logged.has(`${edit.source}\0${edit.target}`));
    expect({ acknowledged: acknowledged.length, lost }).toEqual({ acknowledged: acknowledged.length, lost: [] });

    // Each string holds the value of its last change, and the statistics are a recount of the strings.
    const final: Unit[] = (await api('get', `${translation}units/?page_size=1000`).expect(200)).body.results;
    const lastLogged = new Map<string, string>();
    for (const change of [...changes].sort((a, b) => a.id - b.id)) lastLogged.set(sourceByUnitUrl.get(new URL(change.unit!).pathname)!, change.target);
    expect(Object.fromEntries(final.map((unit) => [unit.source[0], unit.target[0]]))).toEqual(Object.fromEntries(lastLogged));
    const statistics = (await api('get', `${translation}statistics/`).expect(200)).body;
    expect(statistics).toMatchObject({
      total: STRINGS,
      translated: final.filter((unit) => unit.state >= 20).length,
      fuzzy: final.filter((unit) => unit.state === 10).length,
    });

    // The final commit holds the last value of every string, and the working copy is sound.
    expect((await api('post', repository).send({ operation: 'commit' }).expect(200)).body).toEqual({ result: true });
    const committed = parsePo.parse(execFileSync('git', ['-C', workDir, 'show', 'HEAD:po/cs.po'])).translations[''] ?? {};
    expect(Object.fromEntries(SOURCES.map((source) => [source, committed[source]?.msgstr[0]]))).toEqual(
      Object.fromEntries(final.map((unit) => [unit.source[0], unit.target[0]])),
    );
    expect(execFileSync('git', ['-C', workDir, 'status', '--porcelain']).toString()).toBe('');
    execFileSync('git', ['-C', workDir, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });

    process.stdout.write(`concurrency: ${CLIENTS} clients × ${OPERATIONS} operations, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `${acknowledged.length} acknowledged edits, ${lost.length} lost, ${repositoryOperationsDone} commits/pulls done, ` +
      `${lockRefusals} refused with 423 (lock busy), ${upstreamCommits} upstream commits\n`);
  });
});
