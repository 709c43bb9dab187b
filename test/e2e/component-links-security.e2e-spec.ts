import { Component } from '../../src/components/component.entity';
import { Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A project administrator of A must not reach project B through repository settings: sharing B's working copy
 * (`weblate://`), pointing a component at the server's disk or internal hosts, or sharing a component into B.
 */
describe('repository settings across projects', () => {
  let t: TestApp;
  let a: Project;
  let b: Project;
  let own: Component;
  let victim: Component;
  let managerOfA: UserWithToken;
  let managerOfBoth: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createProject(t), await createProject(t)];
    own = await createComponent(t, a);
    victim = await createComponent(t, b);
    managerOfA = await createUser(t);
    await joinProjectTeam(t, managerOfA.user.id, a, 'Administration');
    managerOfBoth = await createUser(t);
    await joinProjectTeam(t, managerOfBoth.user.id, a, 'Administration');
    await joinProjectTeam(t, managerOfBoth.user.id, b, 'Administration');
  });

  afterAll(() => t.close());

  const fields = (overrides: Record<string, unknown> = {}) => ({ name: 'Linked', slug: 'linked', filemask: 'po/*.po', file_format: 'po', ...overrides });
  const stored = async (component: Component) => (await t.dataSource.getRepository(Component).findOneByOrFail({ id: component.id }));

  describe("another project's working copy", () => {
    it('is refused on creation without component.edit on the component it belongs to', async () => {
      const res = await t.http().post(`/api/projects/${a.slug}/components/`).set('Authorization', managerOfA.auth)
        .send(fields({ repo: `weblate://${b.slug}/${victim.slug}` })).expect(400);
      expect(res.body.errors).toEqual([{ code: 'permission_denied', attr: 'repo', detail: 'You do not have permission to use the repository of this component.' }]);
      expect(await t.dataSource.getRepository(Component).countBy({ projectId: a.id, slug: 'linked' })).toBe(0);
    });

    it('is refused on PATCH and PUT of repo, leaving the component as it was', async () => {
      const repo = `weblate://${b.slug}/${victim.slug}`;
      for (const req of [
        t.http().patch(`/api/components/${a.slug}/${own.slug}/`).send({ repo }),
        t.http().put(`/api/components/${a.slug}/${own.slug}/`).send(fields({ name: own.name, slug: own.slug, repo })),
      ]) {
        const res = await req.set('Authorization', managerOfA.auth).expect(400);
        expect(res.body.errors[0]).toMatchObject({ attr: 'repo', code: 'permission_denied' });
      }
      expect(await stored(own)).toMatchObject({ repo: own.repo, linkedComponentId: null });
    });

    it('is allowed to whoever may edit both components, and the link is recorded', async () => {
      const linked = await createComponent(t, a);
      const res = await t.http().patch(`/api/components/${a.slug}/${linked.slug}/`).set('Authorization', managerOfBoth.auth)
        .send({ repo: `weblate://${b.slug}/${victim.slug}` }).expect(200);
      expect(res.body.linked_component).toMatch(new RegExp(`/api/components/${b.slug}/${victim.slug}/$`));
      expect((await stored(linked)).linkedComponentId).toBe(victim.id);
    });

    it("refuses changing a linked component's repo, branch or push: they are its owner's", async () => {
      const linked = await createComponent(t, a, { repo: `weblate://${b.slug}/${victim.slug}`, linkedComponentId: victim.id });
      for (const change of [{ repo: 'https://git.example.org/other.git' }, { branch: 'other' }, { push: 'https://git.example.org/push.git' }]) {
        const res = await t.http().patch(`/api/components/${a.slug}/${linked.slug}/`).set('Authorization', managerOfBoth.auth).send(change).expect(400);
        expect(res.body.errors).toEqual([{
          code: 'invalid', attr: Object.keys(change)[0], detail: `This component uses the repository of weblate://${b.slug}/${victim.slug}; change the repository settings there.`,
        }]);
      }
      // Sending back what was read (the owner's settings, as the API shows them) or what is stored is no change.
      const read = await t.http().get(`/api/components/${a.slug}/${linked.slug}/`).set('Authorization', managerOfBoth.auth).expect(200);
      expect(read.body.repo).toBe(victim.repo);
      await t.http().patch(`/api/components/${a.slug}/${linked.slug}/`).set('Authorization', managerOfBoth.auth)
        .send({ repo: read.body.repo, branch: read.body.branch, push: read.body.push, name: 'Renamed' }).expect(200);
      await t.http().patch(`/api/components/${a.slug}/${linked.slug}/`).set('Authorization', managerOfBoth.auth)
        .send({ repo: `weblate://${b.slug}/${victim.slug}` }).expect(200);
    });
  });

  describe('repository URL policy on every write', () => {
    it.each([
      ['repo', 'file:///etc'],
      ['repo', '/etc/passwd'],
      ['repo', 'http://169.254.169.254/latest'],
      ['repo', 'https://169.254.169.254/latest'],
      ['repo', 'https://127.0.0.1/repo.git'],
      ['push', 'https://10.0.0.1/repo.git'],
    ])('refuses %s %s on PATCH and PUT', async (field, url) => {
      const component = await createComponent(t, a);
      for (const req of [
        t.http().patch(`/api/components/${a.slug}/${component.slug}/`).send({ [field]: url }),
        t.http().put(`/api/components/${a.slug}/${component.slug}/`).send(fields({ name: component.name, slug: component.slug, repo: component.repo, [field]: url })),
      ]) {
        const res = await req.set('Authorization', managerOfBoth.auth).expect(400);
        expect(res.body.errors).toEqual([expect.objectContaining({ attr: field, detail: expect.stringMatching(/is not allowed/) })]);
      }
      expect(await stored(component)).toMatchObject({ repo: component.repo, push: component.push });
    });
  });

  describe('sharing a component into another project', () => {
    it('needs project.edit on the project it is shared into', async () => {
      const denied = await t.http().post(`/api/components/${a.slug}/${own.slug}/links/`).set('Authorization', managerOfA.auth).send({ project_slug: b.slug }).expect(403);
      expect(denied.body.detail).toBe('Can not edit the project the component would be shared with.');
      const links = await t.http().get(`/api/components/${a.slug}/${own.slug}/links/`).set('Authorization', managerOfA.auth).expect(200);
      expect(links.body.projects).toEqual([]);
      await t.http().post(`/api/components/${a.slug}/${own.slug}/links/`).set('Authorization', managerOfBoth.auth).send({ project_slug: b.slug }).expect(201);
    });

    it('answers sharing it twice into one project with 400', async () => {
      const component = await createComponent(t, a);
      const share = () => t.http().post(`/api/components/${a.slug}/${component.slug}/links/`).set('Authorization', managerOfBoth.auth).send({ project_slug: b.slug });
      await share().expect(201);
      const again = await share().expect(400);
      expect(again.body.errors).toEqual([{ code: 'unique', attr: 'project_slug', detail: 'The component is already shared with this project.' }]);
    });
  });
});
