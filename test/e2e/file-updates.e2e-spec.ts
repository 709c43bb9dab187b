import { createGitComponent, useGitTestEnv } from '../support/git-component';

/*
 * A translation file changed upstream is read again into its units: small files in one statement, large ones
 * (over 1000 strings) through a staging table. Both must merge the same way: changed strings take the file's
 * text, strings the file lost are removed, new ones are added and announced, and a string edited here and not
 * committed yet keeps its edit.
 */

const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\n';
const po = (strings: [string, string][]) => HEADER + strings.map(([source, target]) => `msgid "${source}"\nmsgstr "${target}"\n`).join('\n');

describe.each([
  ['a small file', 20],
  ['a large file', 1500],
])('%s changed upstream', (_name, size) => {
  const env = useGitTestEnv();

  it('is merged into its units: changed, removed, added, and a pending edit kept', async () => {
    const { t, git, admin } = env;
    const strings = Array.from({ length: size }, (_, i): [string, string] => [`String ${i}`, i % 2 ? `Řetězec ${i}` : '']);
    const repository = `updates-${size}`;
    const { project } = await createGitComponent(env, repository, { 'po/cs.po': po(strings) }, { filemask: 'po/*.po', file_format: 'po' });
    const call = (method: 'get' | 'patch' | 'post', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const find = async (source: string) => (await call('get', `${translation}units/?q=source:="${source}"`).expect(200)).body.results[0];

    // Edited here, not committed: the pull must not overwrite it.
    await call('patch', `/api/units/${(await find('String 3')).id}/`).send({ target: ['Upraveno zde'], state: 20 }).expect(200);
    const upstream = strings.filter(([source]) => source !== 'String 4').map(([source, target]): [string, string] => [source, source === 'String 5' ? 'Nový text' : target]);
    await git.commitToBare(repository, { 'po/cs.po': po([...upstream, ['String new', 'Nový řetězec']]) }, 'Change, remove and add strings');
    await call('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);

    const statistics = (await call('get', `${translation}statistics/`).expect(200)).body;
    expect(statistics.total).toBe(size);
    expect(await find('String 4')).toBeUndefined();
    expect((await find('String 5')).target).toEqual(['Nový text']);
    expect((await find('String 3')).target).toEqual(['Upraveno zde']);
    const added = await find('String new');
    expect(added).toMatchObject({ target: ['Nový řetězec'], position: size, state: 20 });
    const changes = (await call('get', `${translation}changes/?page_size=100`).expect(200)).body.results as { action: number; unit: string | null }[];
    expect(changes.filter((change) => change.action === 71 /* string added in the repository */).map((change) => new URL(change.unit!).pathname)).toEqual([new URL(added.url).pathname]);
  });
});
