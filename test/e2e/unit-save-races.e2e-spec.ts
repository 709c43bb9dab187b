import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { UnitsRepository } from '../../src/units/units.repository';

/*
 * A save is made in one statement when the unit is still the version its request read, and under the unit's lock
 * otherwise. These tests change the unit (or its source string's flags) between a PATCH's read of its target and
 * its save, which the one-statement save must notice: it would otherwise record the old value, move the statistics
 * and compute the checks from what it read, not from what it replaces.
 */

const PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "World"\nmsgstr ""\n';

describe('a unit changed between a PATCH reading it and saving it', () => {
  const env = useGitTestEnv();

  async function setUp(name: string) {
    const { t, admin } = env;
    const { project } = await createGitComponent(env, name, { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const units = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results as { id: number; source: string[]; source_unit: string }[];
    const hello = units.find((unit) => unit.source[0] === 'Hello')!;
    const patch = (id: number, body: object) => t.http().patch(`/api/units/${id}/`).set('Authorization', admin.auth).send(body);
    /** The next target read of a unit (a request's guard) returns, and only then does `meanwhile` run. */
    const interleave = (meanwhile: () => Promise<unknown>) => {
      const repository = t.app.get(UnitsRepository, { strict: false });
      const read = repository.findContext.bind(repository);
      jest.spyOn(repository, 'findContext').mockImplementationOnce(async (...args) => {
        const context = await read(...args);
        await meanwhile();
        return context;
      });
    };
    return { translation, hello, patch, interleave };
  }

  it('replaces what the other save wrote: change log and statistics follow the current value', async () => {
    const { t, admin } = env;
    const { translation, hello, patch, interleave } = await setUp('raced-target');
    interleave(() => patch(hello.id, { target: ['Ahoj'], state: 20 }).expect(200));
    const saved = await patch(hello.id, { target: ['Nazdar'], state: 10 }).expect(200);
    expect(saved.body).toMatchObject({ target: ['Nazdar'], state: 10 });

    const changes = (await t.http().get(`${translation}changes/`).set('Authorization', admin.auth).expect(200)).body.results as { target: string; old: string }[];
    const edits = changes.filter((change) => ['Ahoj', 'Nazdar'].includes(change.target)).map(({ target, old }) => ({ target, old }));
    expect(edits).toEqual(expect.arrayContaining([{ target: 'Ahoj', old: '' }, { target: 'Nazdar', old: 'Ahoj' }]));
    const statistics = (await t.http().get(`${translation}statistics/`).set('Authorization', admin.auth).expect(200)).body;
    expect(statistics).toMatchObject({ total: 2, translated: 0, fuzzy: 1 });
  });

  it("checks the translation with its source string's flags as they are when it is saved", async () => {
    const { hello, patch, interleave } = await setUp('raced-flags');
    const sourceUnit = Number(new URL(hello.source_unit).pathname.split('/').at(-2));
    interleave(() => patch(sourceUnit, { extra_flags: 'ignore-same' }).expect(200));
    // The translation equals the source: "Unchanged translation" fails, unless the source string's flags ignore it.
    const saved = await patch(hello.id, { target: ['Hello'], state: 20 }).expect(200);
    expect(saved.body.has_failing_check).toBe(false);
  });
});
