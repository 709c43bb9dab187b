import { ProjectSelection } from '../../src/auth/permissions.data';
import { ChangeAction } from '../../src/changes/change-actions';
import { ChangesService } from '../../src/changes/changes.service';
import { Component } from '../../src/components/component.entity';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { Translation } from '../../src/translations/translation.entity';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Weblate's component-level access: a restricted component is visible only to groups naming it, groups grant
 * per component when they name components, and list visibility follows the same rule as direct access.
 */
describe('component scopes', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  interface Fixture {
    project: Project;
    component: Component;
    translation: Translation;
    unitId: number;
  }

  /** A component with a Czech translation holding one string, and one change recorded on it. */
  async function componentWithString(project: Project, overrides: Partial<Component> = {}): Promise<Fixture> {
    const component = await createComponent(t, project, overrides);
    const translation = await createTranslation(t, component, 'cs', { total: 1 });
    const [{ id: unitId }] = await t.dataSource.query(
      `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state) VALUES ($1, (random() * 1e15)::bigint, 1, '{Hello}', '{Ahoj}', 20) RETURNING id`,
      [translation.id],
    );
    await t.app.get(ChangesService).record(t.dataSource.manager, { action: ChangeAction.Change, translationId: translation.id, unitId, target: `change of ${component.slug}` });
    return { project, component, translation, unitId };
  }

  const read = (path: string, auth?: string) => (auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path));
  const slugsOf = (body: { results: { slug: string }[] }) => body.results.map((row) => row.slug);

  describe('a restricted component', () => {
    let fx: Fixture;
    let open: Fixture;
    let plain: UserWithToken;
    let named: UserWithToken;

    beforeAll(async () => {
      const project = await createProject(t);
      fx = await componentWithString(project);
      open = await componentWithString(project);
      await t.http().patch(`/api/components/${project.slug}/${fx.component.slug}/`).set('Authorization', admin.auth).send({ restricted: true }).expect(200);
      plain = await createUser(t);
      named = await createUser(t);
      // A group naming the component, with a role to translate.
      const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, roles: [await createRole(t, { permissions: ['unit.edit', 'translation.download', 'vcs.view'] })], members: [named.user] });
      await t.http().post(`/api/groups/${group.id}/components/`).set('Authorization', admin.auth).send({ component_id: fx.component.id }).expect(200);
    });

    it('is 404 to anonymous and plain users: the component, its translation, strings and files', async () => {
      const { project, component, unitId } = fx;
      for (const auth of [undefined, plain.auth]) {
        await read(`/api/components/${project.slug}/${component.slug}/`, auth).expect(404);
        await read(`/api/translations/${project.slug}/${component.slug}/cs/`, auth).expect(404);
        await read(`/api/translations/${project.slug}/${component.slug}/cs/units/`, auth).expect(404);
        await read(`/api/translations/${project.slug}/${component.slug}/cs/file/`, auth).expect(404);
        await read(`/api/units/${unitId}/`, auth).expect(404);
        await read(`/exports/rss/${project.slug}/${component.slug}/`, auth).expect(404);
      }
    });

    it('is left out of every list they read', async () => {
      const { project, component, unitId } = fx;
      for (const auth of [undefined, plain.auth]) {
        expect(slugsOf((await read(`/api/projects/${project.slug}/components/`, auth).expect(200)).body)).toEqual([open.component.slug]);
        expect(slugsOf((await read('/api/components/?page_size=1000', auth).expect(200)).body)).not.toContain(component.slug);
        const units = (await read('/api/units/?page_size=10000', auth).expect(200)).body.results.map((unit: { id: number }) => unit.id);
        expect(units).toContain(open.unitId);
        expect(units).not.toContain(unitId);
        const translations = (await read('/api/translations/?page_size=1000', auth).expect(200)).body.results.map((row: { component: { slug: string } }) => row.component.slug);
        expect(translations).not.toContain(component.slug);
        for (const changes of [`/api/changes/`, `/api/projects/${project.slug}/changes/`]) {
          const targets = (await read(`${changes}?page_size=1000`, auth).expect(200)).body.results.map((row: { target: string }) => row.target);
          expect(targets).toContain(`change of ${open.component.slug}`);
          expect(targets).not.toContain(`change of ${component.slug}`);
        }
      }
    });

    it('is visible and writable to a group naming it, and to superusers', async () => {
      const { project, component, unitId } = fx;
      for (const auth of [named.auth, admin.auth]) {
        await read(`/api/components/${project.slug}/${component.slug}/`, auth).expect(200);
        expect(slugsOf((await read(`/api/projects/${project.slug}/components/`, auth).expect(200)).body).sort()).toEqual([component.slug, open.component.slug].sort());
      }
      await t.http().patch(`/api/units/${unitId}/`).set('Authorization', named.auth).send({ target: 'Nazdar', state: 20 }).expect(200);
    });

    it("gives nothing to the project's own teams or to groups selecting every project", async () => {
      const manager = await createUser(t);
      await createGroup(t, { projectSelection: ProjectSelection.All, roles: [await createRole(t, { permissions: ['unit.edit'] })], members: [manager.user] });
      await read(`/api/components/${fx.project.slug}/${fx.component.slug}/`, manager.auth).expect(404);
      await t.http().patch(`/api/units/${open.unitId}/`).set('Authorization', manager.auth).send({ target: 'Ahoj', state: 20 }).expect(200);
    });
  });

  it('grants a component-scoped group on its components only, not on their siblings', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const mine = await componentWithString(project);
    const sibling = await componentWithString(project);
    const translator = await createUser(t);
    const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, roles: [await createRole(t, { permissions: ['unit.edit'] })], members: [translator.user] });
    await t.http().post(`/api/groups/${group.id}/components/`).set('Authorization', admin.auth).send({ component_id: mine.component.id }).expect(200);

    await t.http().patch(`/api/units/${mine.unitId}/`).set('Authorization', translator.auth).send({ target: 'Nazdar', state: 20 }).expect(200);
    // The sibling is visible (its project is, through the component) but not editable.
    await t.http().patch(`/api/units/${sibling.unitId}/`).set('Authorization', translator.auth).send({ target: 'Nazdar', state: 20 }).expect(403);
    await read(`/api/projects/${project.slug}/`, translator.auth).expect(200);
  });

  it('lists nothing of a private project added by hand to a group selecting all public projects', async () => {
    const hidden = await componentWithString(await createProject(t, { accessControl: AccessControl.Private }));
    const user = await createUser(t);
    const group = await createGroup(t, { projectSelection: ProjectSelection.AllPublic, members: [user.user] });
    await t.http().post(`/api/groups/${group.id}/projects/`).set('Authorization', admin.auth).send({ project_id: hidden.project.id }).expect(200);

    await read(`/api/projects/${hidden.project.slug}/`, user.auth).expect(404);
    const units = (await read('/api/units/?page_size=10000', user.auth).expect(200)).body.results.map((unit: { id: number }) => unit.id);
    expect(units).not.toContain(hidden.unitId);
    const changes = (await read('/api/changes/?page_size=1000', user.auth).expect(200)).body.results.map((row: { target: string }) => row.target);
    expect(changes).not.toContain(`change of ${hidden.component.slug}`);
    expect(slugsOf((await read('/api/projects/?page_size=1000', user.auth).expect(200)).body)).not.toContain(hidden.project.slug);
  });

  it('shows repository details only to callers with vcs.view', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Protected });
    const { component } = await componentWithString(project, { repo: 'https://git.example.org/secret.git', push: 'https://git.example.org/push.git' });
    const path = `/api/components/${project.slug}/${component.slug}/`;
    const anonymous = (await read(path).expect(200)).body;
    expect(anonymous).toMatchObject({ vcs: null, repo: null, push: null, branch: null, filemask: null, template: null, new_base: null });
    expect(anonymous.name).toBe(component.name);
    const listed = (await read(`/api/projects/${project.slug}/components/`).expect(200)).body.results[0];
    expect(listed).toMatchObject({ repo: null, filemask: null });
    const embedded = (await read(`/api/translations/${project.slug}/${component.slug}/cs/`).expect(200)).body.component;
    expect(embedded).toMatchObject({ repo: null, push: null });
    expect((await read(path, admin.auth).expect(200)).body).toMatchObject({ repo: 'https://git.example.org/secret.git', filemask: 'po/*.po' });
  });
});
