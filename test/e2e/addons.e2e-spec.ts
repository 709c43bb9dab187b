import { ChangeAction } from '../../src/changes/change-actions';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { Component } from '../../src/components/component.entity';
import { createComponent } from '../factories/component.factory';
import { grantPermissions } from '../factories/group.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

describe('add-ons API', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let urls: UrlBuilder;
  let project: Project;
  let json: Component;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
    urls = new UrlBuilder('http://127.0.0.1');
    project = await createProject(t);
    json = await createComponent(t, project, { fileFormat: 'json', filemask: '*.json', template: 'en.json' });
  });

  afterAll(() => t.close());

  const install = (owner: UserWithToken | undefined, path: string, body: Record<string, unknown>) => {
    const req = t.http().post(path).set('Host', '127.0.0.1');
    return owner ? req.set('Authorization', owner.auth).send(body) : req.send(body);
  };
  const onComponent = (component: Component) => `/api/components/${project.slug}/${component.slug}/addons/`;
  const changesOf = async (action: ChangeAction) =>
    (await t.http().get(`/api/changes/?action=${action}`).set('Authorization', admin.auth).expect(200)).body.results as { target: string; details: Record<string, unknown> }[];

  it('installs, lists, shows, reconfigures and removes a component add-on, recording each step', async () => {
    const created = await install(admin, onComponent(json), { name: 'weblate.removal.comments', configuration: { age: 7 } }).expect(201);
    const id = created.body.id as number;
    expect(created.body).toEqual({
      component: urls.component(project.slug, json.slug),
      project: null,
      name: 'weblate.removal.comments',
      id,
      configuration: { age: 7 },
      url: urls.addon(id),
    });
    const listed = (await t.http().get('/api/addons/').set('Host', '127.0.0.1').set('Authorization', admin.auth).expect(200)).body;
    expect(listed.results).toContainEqual(created.body);
    await t.http().get(`/api/addons/${id}/`).set('Host', '127.0.0.1').set('Authorization', admin.auth).expect(200, created.body);
    const component = (await t.http().get(`/api/components/${project.slug}/${json.slug}/`).set('Host', '127.0.0.1').expect(200)).body;
    expect(component.addons).toEqual([urls.addon(id)]);

    const patched = await t.http().patch(`/api/addons/${id}/`).set('Authorization', admin.auth).send({ configuration: { age: 90 } }).expect(200);
    expect(patched.body.configuration).toEqual({ age: 90 });
    // PUT replaces the configuration; what it leaves out takes the add-on's default.
    const replaced = await t.http().put(`/api/addons/${id}/`).set('Authorization', admin.auth).send({ name: 'weblate.removal.comments', configuration: {} }).expect(200);
    expect(replaced.body.configuration).toEqual({ age: 30 });
    await t.http().delete(`/api/addons/${id}/`).set('Authorization', admin.auth).expect(204);
    await t.http().get(`/api/addons/${id}/`).set('Authorization', admin.auth).expect(404);
    expect((await t.http().get(`/api/components/${project.slug}/${json.slug}/`).expect(200)).body.addons).toEqual([]);

    for (const action of [ChangeAction.AddonCreate, ChangeAction.AddonChange, ChangeAction.AddonRemove]) {
      expect(await changesOf(action)).toContainEqual(expect.objectContaining({ target: 'weblate.removal.comments', details: expect.objectContaining({ addon_id: id }) }));
    }
    expect((await changesOf(ChangeAction.AddonChange)).filter((change) => change.details.addon_id === id)).toHaveLength(2);
  });

  it('installs project-wide add-ons with project.edit and site-wide ones with management.addons', async () => {
    const other = await createProject(t);
    const projectAdmin = await createUser(t);
    await joinProjectTeam(t, projectAdmin.user.id, other, 'Administration');
    const created = await install(projectAdmin, `/api/projects/${other.slug}/addons/`, { name: 'weblate.removal.suggestions' }).expect(201);
    expect(created.body).toMatchObject({ component: null, project: urls.project(other.slug), configuration: { age: 30, votes: 0 } });
    await t.http().patch(`/api/addons/${created.body.id}/`).set('Authorization', projectAdmin.auth).send({ configuration: { age: 1 } }).expect(200);

    // Site-wide: POST /api/addons/, for superusers and holders of management.addons only.
    await install(projectAdmin, '/api/addons/', { name: 'weblate.generate.prefill' }).expect(403);
    const siteManager = await createUser(t);
    await grantPermissions(t, siteManager.user, ['management.addons']);
    const site = await install(siteManager, '/api/addons/', { name: 'weblate.generate.prefill' }).expect(201);
    expect(site.body).toMatchObject({ component: null, project: null, name: 'weblate.generate.prefill' });
    // Others do not see it at all.
    await t.http().get(`/api/addons/${site.body.id}/`).set('Authorization', projectAdmin.auth).expect(404);
    await t.http().delete(`/api/addons/${site.body.id}/`).set('Authorization', projectAdmin.auth).expect(404);
    const listed = (await t.http().get('/api/addons/?page_size=1000').set('Authorization', projectAdmin.auth).expect(200)).body.results as { id: number }[];
    expect(listed.map((addon) => addon.id)).toContain(created.body.id);
    expect(listed.map((addon) => addon.id)).not.toContain(site.body.id);
    await t.http().delete(`/api/addons/${site.body.id}/`).set('Authorization', siteManager.auth).expect(204);
  });

  it('refuses callers without the permission: 401 anonymous, 403 signed in, 404 when the object is invisible', async () => {
    const user = await createUser(t);
    await install(undefined, onComponent(json), { name: 'weblate.flags.target_edit' }).expect(401);
    await install(user, onComponent(json), { name: 'weblate.flags.target_edit' }).expect(403);
    await install(user, `/api/projects/${project.slug}/addons/`, { name: 'weblate.removal.comments' }).expect(403);

    const addon = (await install(admin, onComponent(json), { name: 'weblate.flags.target_edit' }).expect(201)).body;
    await t.http().patch(`/api/addons/${addon.id}/`).set('Authorization', user.auth).send({ configuration: {} }).expect(403);
    await t.http().delete(`/api/addons/${addon.id}/`).set('Authorization', user.auth).expect(403);
    await t.http().get(`/api/addons/${addon.id}/`).set('Authorization', user.auth).expect(200);

    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const secret = await createComponent(t, hidden, { fileFormat: 'json', filemask: '*.json' });
    await install(user, `/api/components/${hidden.slug}/${secret.slug}/addons/`, { name: 'weblate.flags.target_edit' }).expect(404);
    const hiddenAddon = (await install(admin, `/api/components/${hidden.slug}/${secret.slug}/addons/`, { name: 'weblate.flags.target_edit' }).expect(201)).body;
    await t.http().get(`/api/addons/${hiddenAddon.id}/`).set('Authorization', user.auth).expect(404);
    await t.http().patch(`/api/addons/${hiddenAddon.id}/`).set('Authorization', user.auth).send({ configuration: {} }).expect(404);
    const listed = (await t.http().get('/api/addons/?page_size=1000').set('Authorization', user.auth).expect(200)).body.results as { id: number }[];
    expect(listed.map((row) => row.id)).toContain(addon.id);
    expect(listed.map((row) => row.id)).not.toContain(hiddenAddon.id);
  });

  it('answers 400 naming the field for an unknown, incompatible, unavailable or duplicate add-on and a bad configuration', async () => {
    const po = await createComponent(t, project, { fileFormat: 'po' });
    const refusal = async (component: Component, body: Record<string, unknown>) =>
      (await install(admin, onComponent(component), body).expect(400)).body.errors as { attr: string; detail: string }[];

    expect(await refusal(json, { name: 'weblate.nonsense' })).toEqual([expect.objectContaining({ attr: 'name', detail: 'Add-on not found: weblate.nonsense' })]);
    expect(await refusal(po, { name: 'weblate.flags.target_edit' })).toEqual([
      expect.objectContaining({ attr: 'name', detail: expect.stringMatching(/^could not enable add-on weblate\.flags\.target_edit, not compatible: the po format/) }),
    ]);
    const fixedSource = await createComponent(t, project, { fileFormat: 'json', filemask: '*.json', editTemplate: false });
    expect(await refusal(fixedSource, { name: 'weblate.flags.source_edit' })).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('edit_template') })]);
    expect(await refusal(json, { name: 'weblate.cdn.cdnjs' })).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('CDN') })]);
    expect(await refusal(json, { name: 'weblate.webhook.slack' })).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('Slack') })]);

    const unique = await createComponent(t, project, { fileFormat: 'json', filemask: '*.json' });
    await install(admin, onComponent(unique), { name: 'weblate.flags.same_edit' }).expect(201);
    expect(await refusal(unique, { name: 'weblate.flags.same_edit' })).toEqual([expect.objectContaining({ attr: 'name', detail: 'Add-on already installed: weblate.flags.same_edit' })]);
    // Add-ons Weblate allows several of install again.
    await install(admin, onComponent(unique), { name: 'weblate.generate.prefill' }).expect(201);
    await install(admin, onComponent(unique), { name: 'weblate.generate.prefill' }).expect(201);

    expect(await refusal(json, { name: 'weblate.removal.comments', configuration: { age: 'old' } })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: 'Error in age: must be integer' }),
    ]);
    expect(await refusal(json, { name: 'weblate.removal.comments', configuration: { age: -1, colour: 'red' } })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attr: 'configuration', detail: 'Error in colour: unknown field' }),
        expect.objectContaining({ attr: 'configuration', detail: 'Error in age: must be >= 0' }),
      ]),
    );
    expect(await refusal(json, { name: 'weblate.webhook.webhook', configuration: {} })).toEqual([
      expect.objectContaining({ attr: 'configuration', detail: 'Error in webhook_url: This field is required.' }),
    ]);

    const addon = (await install(admin, onComponent(json), { name: 'weblate.removal.suggestions' }).expect(201)).body;
    const patched = await t.http().patch(`/api/addons/${addon.id}/`).set('Authorization', admin.auth).send({ name: 'weblate.removal.comments' }).expect(400);
    expect(patched.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: 'Can not change add-on name' })]);
    const badPatch = await t.http().patch(`/api/addons/${addon.id}/`).set('Authorization', admin.auth).send({ configuration: { votes: 'many' } }).expect(400);
    expect(badPatch.body.errors).toEqual([expect.objectContaining({ attr: 'configuration' })]);
  });

  it("keeps a webhook's URL to the repository URL policy and its secret to those who manage it", async () => {
    const hook = await createComponent(t, project, { fileFormat: 'json', filemask: '*.json' });
    const refused = await install(admin, onComponent(hook), { name: 'weblate.webhook.webhook', configuration: { webhook_url: 'http://127.0.0.1:9/hook' } }).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ attr: 'configuration', detail: expect.stringContaining('private or local network') })]);
    const badSecret = await install(admin, onComponent(hook), { name: 'weblate.webhook.webhook', configuration: { webhook_url: 'https://93.184.215.14/hook', secret: 'not base64!' } }).expect(400);
    expect(badSecret.body.errors).toEqual([expect.objectContaining({ attr: 'configuration', detail: expect.stringContaining('secret') })]);

    const configuration = { webhook_url: 'https://93.184.215.14/hook', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: [ChangeAction.New] };
    const created = await install(admin, onComponent(hook), { name: 'weblate.webhook.webhook', configuration }).expect(201);
    expect(created.body.configuration).toEqual(configuration);
    const anonymous = await t.http().get(`/api/addons/${created.body.id}/`).expect(200);
    expect(anonymous.body.configuration).toEqual({ webhook_url: configuration.webhook_url, events: configuration.events });
    const listed = (await t.http().get('/api/addons/?page_size=1000').expect(200)).body.results as { id: number; configuration: Record<string, unknown> }[];
    expect(listed.find((addon) => addon.id === created.body.id)?.configuration).not.toHaveProperty('secret');
    // The change log names the add-on and its fields, never their values.
    expect(JSON.stringify(await changesOf(ChangeAction.AddonCreate))).not.toContain(configuration.secret);
  });
});
