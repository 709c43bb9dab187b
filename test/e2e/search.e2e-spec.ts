import { UrlBuilder } from '../../src/core/urls/url-builder';
import { Category } from '../../src/categories/category.entity';
import { AccessControl } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser } from '../factories/user.factory';
import { apiCall } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'search.test';
const urls = new UrlBuilder(`http://${HOST}`);

describe('site search', () => {
  let t: TestApp;
  const search = (q: string, auth?: string) => apiCall(t, HOST, 'get', `/api/search/?q=${encodeURIComponent(q)}`, auth);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('finds projects, categories, components, users and languages by a case-insensitive part of their names', async () => {
    const project = await createProject(t, { name: 'Zebrafish Portal', slug: 'zebrafish' });
    const category = await t.dataSource.getRepository(Category).save({ projectId: project.id, name: 'Zebrafish Docs', slug: 'zdocs', categoryId: null });
    const component = await createComponent(t, project, { name: 'Zebrafish Guide', slug: 'guide', categoryId: category.id });
    const member = await createUser(t, { username: 'zebrafish_fan', fullName: 'Zoe Zebrafish' });

    const body = (await search('ZEBRAFISH', member.auth).expect(200)).body;
    expect(body).toEqual([
      { url: urls.projectWeb('zebrafish'), name: 'Zebrafish Portal', category: 'Project' },
      { url: `http://${HOST}/projects/zebrafish/zdocs/`, name: 'Zebrafish Docs', category: 'Category' },
      { url: `http://${HOST}/projects/zebrafish/zdocs/guide/`, name: 'Zebrafish Guide', category: 'Component' },
      { url: urls.userWeb('zebrafish_fan'), name: 'Zoe Zebrafish', category: 'User' },
    ]);
    await createTranslation(t, component, 'cs');
    expect((await search('czech').expect(200)).body).toContainEqual({ url: urls.languageWeb('cs'), name: 'Czech', category: 'Language' });
  });

  it('shows users to signed-in callers only', async () => {
    await createUser(t, { username: 'quokka_keeper', fullName: 'Keeper' });
    const viewer = await createUser(t);
    expect((await search('quokka').expect(200)).body).toEqual([]);
    expect((await search('quokka', viewer.auth).expect(200)).body).toEqual([{ url: urls.userWeb('quokka_keeper'), name: 'Keeper', category: 'User' }]);
  });

  it('hides private projects and restricted components from callers who cannot see them', async () => {
    const secret = await createProject(t, { name: 'Walrus Secret', slug: 'walrus-secret', accessControl: AccessControl.Private });
    await createComponent(t, secret, { name: 'Walrus Inside', slug: 'inside' });
    const open = await createProject(t, { name: 'Open Place', slug: 'open-place' });
    await createComponent(t, open, { name: 'Walrus Restricted', slug: 'restricted', restricted: true });
    const outsider = await createUser(t);
    const admin = await createUser(t, { isSuperuser: true });

    expect((await search('walrus').expect(200)).body).toEqual([]);
    expect((await search('walrus', outsider.auth).expect(200)).body).toEqual([]);
    const names = (await search('walrus', admin.auth).expect(200)).body.map((hit: { name: string }) => hit.name);
    expect(names).toEqual(['Walrus Secret', 'Walrus Inside', 'Walrus Restricted']);
  });

  it('returns at most five hits of each kind', async () => {
    for (let i = 0; i < 7; i++) await createProject(t, { name: `Narwhal ${i}`, slug: `narwhal-${i}` });
    const body = (await search('narwhal').expect(200)).body;
    expect(body.map((hit: { name: string }) => hit.name)).toEqual(['Narwhal 0', 'Narwhal 1', 'Narwhal 2', 'Narwhal 3', 'Narwhal 4']);
  });

  it('answers an empty or absent text with an empty array', async () => {
    await createProject(t);
    expect((await search('').expect(200)).body).toEqual([]);
    expect((await apiCall(t, HOST, 'get', '/api/search/').expect(200)).body).toEqual([]);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    await createProject(t, { name: 'Axolotl 100% done', slug: 'axolotl' });
    expect((await search('%').expect(200)).body.map((hit: { name: string }) => hit.name)).toEqual(['Axolotl 100% done']);
    expect((await search('axo_otl').expect(200)).body).toEqual([]);
  });

  it('refuses a text longer than 200 characters with a 400', async () => {
    const refused = await search('x'.repeat(201)).expect(400);
    expect(refused.body.detail).toContain('no more than 200 characters');
    await search('x'.repeat(200)).expect(200);
  });
});
