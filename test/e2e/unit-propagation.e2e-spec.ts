import { randomInt } from 'node:crypto';
import { ProjectSelection } from '../../src/auth/permissions.data';
import { Component } from '../../src/components/component.entity';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const PROPAGATED_EDIT = 77;

/**
 * allow_translation_propagation copies an edit to the same string in the project's other components, but only
 * where its editor could have saved that string by hand (unit.edit there, unit.review for approved strings, as in
 * Weblate); every other copy keeps its text and state, and nothing of the edit is logged there.
 */
describe('translation propagation', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t?.close());

  /** One component of the project with the string `Hello` in Czech; every string of one call shares a content hash. */
  async function componentWithString(project: Project, hash: number, unit: { target: string; state: number }, overrides: Partial<Component> = {}) {
    const component = await createComponent(t, project, overrides);
    const translation = await createTranslation(t, component, 'cs');
    const [{ id }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state) VALUES ($1, $2, $3, '{Hello}', $4, $5) RETURNING id`,
      [translation.id, randomInt(1e12), hash, [unit.target], unit.state],
    );
    return { component, unitId: id, changes: `/api/translations/${project.slug}/${component.slug}/cs/changes/?action=${PROPAGATED_EDIT}` };
  }

  const asAdmin = (path: string) => t.http().get(path).set('Authorization', admin.auth).expect(200);
  const stored = async (unitId: number) => (await asAdmin(`/api/units/${unitId}/`)).body as { target: string[]; state: number };
  const edit = (user: UserWithToken, unitId: number, target: string, state = 20) =>
    t.http().patch(`/api/units/${unitId}/`).set('Authorization', user.auth).send({ target: [target], state });

  /** A user (in no default group) whose one group translates the given components, as a component-scoped team does. */
  async function translatorOf(components: Component[]): Promise<UserWithToken> {
    const translator = await createUser(t);
    await t.dataSource.query('DELETE FROM user_groups WHERE user_id = $1', [translator.user.id]);
    const [translate] = await t.dataSource.query(`SELECT id FROM roles WHERE name = 'Translate'`);
    const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, members: [translator.user] });
    await t.dataSource.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [group.id, translate.id]);
    for (const component of components) await t.dataSource.query('INSERT INTO group_components (group_id, component_id) VALUES ($1, $2)', [group.id, component.id]);
    return translator;
  }

  it('skips the components the editor may not translate and the restricted ones they cannot see', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const hash = randomInt(1e12);
    const a = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const b = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const hidden = await componentWithString(project, hash, { target: 'Ahoj', state: 20 }, { restricted: true });
    const translator = await translatorOf([a.component]);

    // What the translator may do by hand: edit a; see but not edit b; not even see the restricted component.
    await edit(translator, b.unitId, 'Nazdar').expect(403);
    await t.http().get(`/api/units/${hidden.unitId}/`).set('Authorization', translator.auth).expect(404);

    expect((await edit(translator, a.unitId, 'Nazdar').expect(200)).body).toMatchObject({ target: ['Nazdar'], state: 20 });
    expect(await stored(b.unitId)).toMatchObject({ target: ['Ahoj'], state: 20 });
    expect(await stored(hidden.unitId)).toMatchObject({ target: ['Ahoj'], state: 20 });
    expect((await asAdmin(b.changes)).body.count).toBe(0);
    expect((await asAdmin(hidden.changes)).body.count).toBe(0);
    const found = await t.http().get(`/api/units/?q=${encodeURIComponent('target:Nazdar')}`).set('Authorization', admin.auth).expect(200);
    expect(found.body.results.map((unit: { id: number }) => unit.id)).toEqual([a.unitId]);

    // Whoever may translate everywhere (a superuser) still propagates to every component, the restricted one too.
    await edit(admin, a.unitId, 'Dobrý den').expect(200);
    expect(await stored(b.unitId)).toMatchObject({ target: ['Dobrý den'], state: 20, pending: true });
    expect(await stored(hidden.unitId)).toMatchObject({ target: ['Dobrý den'], state: 20 });
    expect((await asAdmin(b.changes)).body.count).toBe(1);
  });

  it('reaches the components a component-scoped team names, and only those', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const hash = randomInt(1e12);
    const [a, b, c] = [
      await componentWithString(project, hash, { target: '', state: 0 }),
      await componentWithString(project, hash, { target: '', state: 0 }),
      await componentWithString(project, hash, { target: '', state: 0 }),
    ];
    const translator = await translatorOf([a.component, b.component]);
    await edit(translator, a.unitId, 'Ahoj').expect(200);
    expect(await stored(b.unitId)).toMatchObject({ target: ['Ahoj'], state: 20 });
    expect(await stored(c.unitId)).toMatchObject({ target: [''], state: 0 });
    // The copy's translation counts it translated, and its change record tells what it was.
    const translated = async (component: Component) =>
      (await asAdmin(`/api/translations/${project.slug}/${component.slug}/cs/statistics/`)).body.translated as number;
    expect([await translated(b.component), await translated(c.component)]).toEqual([1, 0]);
    expect((await asAdmin(b.changes)).body.results).toEqual([expect.objectContaining({ target: 'Ahoj', old: '', unit: expect.stringContaining(`/api/units/${b.unitId}/`) })]);
  });

  it('leaves approved strings to reviewers when the project reviews translations', async () => {
    const project = await createProject(t, { translationReview: true });
    const hash = randomInt(1e12);
    const a = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const approved = await componentWithString(project, hash, { target: 'Schváleno', state: 30 });
    const open = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');

    // By hand, the translator may not change the approved string either.
    await edit(translator, approved.unitId, 'Nazdar').expect(403);
    await edit(translator, a.unitId, 'Nazdar').expect(200);
    expect(await stored(approved.unitId)).toMatchObject({ target: ['Schváleno'], state: 30 });
    expect(await stored(open.unitId)).toMatchObject({ target: ['Nazdar'], state: 20 });
    expect((await asAdmin(approved.changes)).body.count).toBe(0);

    const reviewer = await createUser(t);
    await joinProjectTeam(t, reviewer.user.id, project, 'Review');
    await edit(reviewer, a.unitId, 'Dobrý den', 30).expect(200);
    expect(await stored(approved.unitId)).toMatchObject({ target: ['Dobrý den'], state: 30 });
    expect(await stored(open.unitId)).toMatchObject({ target: ['Dobrý den'], state: 30 });
  });

  it('does not let a translator approve a string elsewhere through propagation', async () => {
    // Approving needs unit.review where the string is: a reviewer of a only approves there.
    const project = await createProject(t, { accessControl: AccessControl.Private, translationReview: true });
    const hash = randomInt(1e12);
    const a = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const b = await componentWithString(project, hash, { target: 'Ahoj', state: 20 });
    const reviewer = await translatorOf([a.component, b.component]);
    const [review] = await t.dataSource.query(`SELECT id FROM roles WHERE name = 'Review strings'`);
    const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, members: [reviewer.user] });
    await t.dataSource.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [group.id, review.id]);
    await t.dataSource.query('INSERT INTO group_components (group_id, component_id) VALUES ($1, $2)', [group.id, a.component.id]);

    await edit(reviewer, a.unitId, 'Schváleno', 30).expect(200);
    expect(await stored(b.unitId)).toMatchObject({ target: ['Ahoj'], state: 20 });
  });
});
