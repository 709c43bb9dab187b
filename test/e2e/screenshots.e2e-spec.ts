import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { Category } from '../../src/categories/category.entity';
import { Component } from '../../src/components/component.entity';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { Translation } from '../../src/translations/translation.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** The CRC-32 PNG chunks end with. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 RGBA PNG of the given colour; other sizes only declare theirs (the data stays one pixel). */
function png(rgba: [number, number, number, number] = [255, 0, 0, 255], width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const SITE = 'https://shots.example.org';

describe('screenshots', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    // A fixed public URL, so links compare equal across requests (supertest picks a new port for each).
    t = await createTestApp({ SITE_URL: `${SITE}/` });
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  interface Setup {
    project: Project;
    component: Component;
    /** `category/component`, as component_slug and in paths. */
    path: string;
    source: Translation;
    czech: Translation;
  }

  async function setup(accessControl: AccessControl = AccessControl.Public): Promise<Setup> {
    const project = await createProject(t, { accessControl });
    const category = await t.dataSource.getRepository(Category).save({ name: 'Docs', slug: 'docs', projectId: project.id, categoryId: null });
    const component = await createComponent(t, project, { categoryId: category.id });
    const source = await createTranslation(t, component, 'en', { isSource: true });
    const czech = await createTranslation(t, component, 'cs');
    return { project, component, path: `docs/${component.slug}`, source, czech };
  }

  async function createUnit(translationId: number, idHash: number): Promise<number> {
    const [{ id }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state) VALUES ($1, $2, 1, '{Hello}', '{Hello}', 20) RETURNING id`,
      [translationId, idHash],
    );
    return id;
  }

  function upload(s: Setup, auth: string | undefined, image: Buffer | null = png(), fields: Record<string, string> = {}) {
    const req = t.http().post('/api/screenshots/');
    if (auth) req.set('Authorization', auth);
    req.field({ name: 'Main window', project_slug: s.project.slug, component_slug: s.path, language_code: 'en', ...fields });
    return image ? req.attach('image', image, 'shot.png') : req;
  }

  const imagesOf = async (project: Project): Promise<string[]> => {
    const dir = join(t.config.dataDir, 'screenshots', String(project.id));
    return existsSync(dir) ? (await readdir(dir)).filter((name) => !name.startsWith('.')) : [];
  };

  it('creates a screenshot, serves its image, edits, replaces and deletes it', async () => {
    const s = await setup();
    const image = png();
    const created = await upload(s, admin.auth, image).expect(201);
    const id = created.body.id as number;
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Main window',
      repository_filename: '',
      translation: `${SITE}/api/translations/${s.project.slug}/docs%252F${s.component.slug}/en/`,
      file_url: `${SITE}/api/screenshots/${id}/file/`,
      units: [],
      url: `${SITE}/api/screenshots/${id}/`,
    });
    const [stored] = await imagesOf(s.project);
    expect(stored).toMatch(/^[0-9a-f-]{36}\.png$/);

    expect((await t.http().get(`/api/screenshots/${id}/`).expect(200)).body).toEqual(created.body);
    const file = await t.http().get(`/api/screenshots/${id}/file/`).buffer(true).parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done(null, Buffer.concat(parts)));
    }).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, image)).toBe(0);

    const listed = await t.http().get('/api/screenshots/').expect(200);
    expect(listed.body.results).toContainEqual(created.body);
    const byComponent = await t.http().get(`/api/components/${s.project.slug}/${encodeURIComponent(encodeURIComponent(s.path))}/screenshots/`).expect(200);
    expect(byComponent.body).toEqual({ count: 1, next: null, previous: null, results: [created.body] });

    const patched = await t.http().patch(`/api/screenshots/${id}/`).set('Authorization', admin.auth).send({ name: 'Settings', repository_filename: 'docs/settings.png' }).expect(200);
    expect(patched.body).toMatchObject({ id, name: 'Settings', repository_filename: 'docs/settings.png' });
    const put = await t.http().put(`/api/screenshots/${id}/`).set('Authorization', admin.auth).send({ repository_filename: 'x.png' }).expect(400);
    expect(put.body.errors).toEqual([expect.objectContaining({ attr: 'name', code: 'required' })]);

    // A new image replaces the old one, on disk too.
    const replaced = await t.http().post(`/api/screenshots/${id}/file/`).set('Authorization', admin.auth).attach('image', GIF, 'new.gif').expect(200);
    expect(replaced.body).toEqual({ result: true });
    const gif = await t.http().get(`/api/screenshots/${id}/file/`).buffer(true).parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done(null, Buffer.concat(parts)));
    }).expect(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(gif.body as Buffer, GIF)).toBe(0);
    const afterReplace = await imagesOf(s.project);
    expect(afterReplace).toEqual([expect.stringMatching(/\.gif$/)]);

    // Text pretending to be an image is refused, whatever its name says; the stored image stays.
    const fake = await t.http().post(`/api/screenshots/${id}/file/`).set('Authorization', admin.auth).attach('image', Buffer.from('just some text\n'), 'evil.png').expect(400);
    expect(fake.body.errors).toEqual([expect.objectContaining({ attr: 'image', code: 'invalid_image' })]);
    const missing = await t.http().post(`/api/screenshots/${id}/file/`).set('Authorization', admin.auth).field('x', 'y').expect(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ attr: 'image', code: 'required' })]);
    expect(await imagesOf(s.project)).toEqual(afterReplace);

    await t.http().delete(`/api/screenshots/${id}/`).set('Authorization', admin.auth).expect(204);
    await t.http().get(`/api/screenshots/${id}/`).expect(404);
    await t.http().get(`/api/screenshots/${id}/file/`).expect(404);
    expect(await imagesOf(s.project)).toEqual([]);

    const actions: { action: number; target: string }[] = await t.dataSource.query(
      'SELECT action, target FROM changes WHERE translation_id = $1 ORDER BY id', [s.source.id],
    );
    expect(actions).toEqual([{ action: 57, target: 'Main window' }, { action: 58, target: 'Settings' }, { action: 85, target: 'Settings' }]);
  });

  it('associates and removes source strings of the same component', async () => {
    const s = await setup();
    const id = (await upload(s, admin.auth).expect(201)).body.id as number;
    const sourceUnit = await createUnit(s.source.id, 1234);
    const czechUnit = await createUnit(s.czech.id, 1234);
    const other = await setup();
    const foreignUnit = await createUnit(other.source.id, 1234);
    const units = `/api/screenshots/${id}/units/`;

    const added = await t.http().post(units).set('Authorization', admin.auth).type('form').send({ unit_id: String(sourceUnit) }).expect(200);
    expect(added.body.units).toEqual([`${SITE}/api/units/${sourceUnit}/`]);
    // A translated string stands for its source string; associating twice changes nothing.
    const again = await t.http().post(units).set('Authorization', admin.auth).send({ unit_id: czechUnit }).expect(200);
    expect(again.body.units).toEqual(added.body.units);

    const foreign = await t.http().post(units).set('Authorization', admin.auth).send({ unit_id: foreignUnit }).expect(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ attr: 'unit_id' })]);
    const bad = await t.http().post(units).set('Authorization', admin.auth).send({ unit_id: 'abc' }).expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ attr: 'unit_id' })]);
    const none = await t.http().post(units).set('Authorization', admin.auth).send({}).expect(400);
    expect(none.body.errors).toEqual([expect.objectContaining({ attr: 'unit_id', code: 'required' })]);

    await t.http().delete(`${units}${foreignUnit}/`).set('Authorization', admin.auth).expect(404);
    await t.http().delete(`${units}${sourceUnit}/`).set('Authorization', admin.auth).expect(204);
    expect((await t.http().get(`/api/screenshots/${id}/`).expect(200)).body.units).toEqual([]);
    // Removing a unit deletes its association with it.
    await t.http().post(units).set('Authorization', admin.auth).send({ unit_id: sourceUnit }).expect(200);
    await t.dataSource.query('DELETE FROM units WHERE id = $1', [sourceUnit]);
    expect((await t.http().get(`/api/screenshots/${id}/`).expect(200)).body.units).toEqual([]);
  });

  it('validates the creation request', async () => {
    const s = await setup();
    const empty = await t.http().post('/api/screenshots/').set('Authorization', admin.auth).field('x', 'y').expect(400);
    expect(empty.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['component_slug', 'language_code', 'name', 'project_slug']);
    const noImage = await upload(s, admin.auth, null).expect(400);
    expect(noImage.body.errors).toEqual([expect.objectContaining({ attr: 'image', code: 'required' })]);
    const text = await upload(s, admin.auth, Buffer.from('%PDF-1.4 not an image')).expect(400);
    expect(text.body.errors).toEqual([expect.objectContaining({ attr: 'image' })]);
    const noProject = await upload(s, admin.auth, png(), { project_slug: 'nope' }).expect(400);
    expect(noProject.body.errors).toEqual([expect.objectContaining({ attr: 'project_slug' })]);
    const noComponent = await upload(s, admin.auth, png(), { component_slug: s.component.slug }).expect(400);
    expect(noComponent.body.errors).toEqual([expect.objectContaining({ attr: 'component_slug' })]);
    const noLanguage = await upload(s, admin.auth, png(), { language_code: 'de' }).expect(400);
    expect(noLanguage.body.errors).toEqual([expect.objectContaining({ attr: 'language_code' })]);
    // The Czech translation is fine too; nothing refused left a file behind.
    const czech = await upload(s, admin.auth, png(), { language_code: 'cs' }).expect(201);
    expect(czech.body.translation).toMatch(/\/cs\/$/);
    expect(await imagesOf(s.project)).toHaveLength(1);
  });

  it('refuses images whose declared size exceeds SCREENSHOT_MAX_PIXELS before decoding them, storing nothing', async () => {
    const s = await setup();
    const hugeGif = Buffer.from(GIF);
    hugeGif.writeUInt16LE(65_535, 6);
    hugeGif.writeUInt16LE(65_535, 8);
    for (const [image, size] of [[png(undefined, 20_000, 20_000), '20000 × 20000'], [hugeGif, '65535 × 65535']] as const) {
      const res = await upload(s, admin.auth, image).expect(400);
      expect(res.body.errors).toEqual([
        { code: 'invalid_image', attr: 'image', detail: `The image is too large: ${size} pixels, at most 50000000 pixels are accepted.` },
      ]);
    }
    const truncated = await upload(s, admin.auth, png().subarray(0, 20)).expect(400);
    expect(truncated.body.errors[0].detail).toBe('The image is damaged: its size could not be read.');
    const created = await upload(s, admin.auth, png(undefined, 7000, 7000)).expect(201);
    const replaced = await t.http().post(`/api/screenshots/${created.body.id}/file/`).set('Authorization', admin.auth).attach('image', hugeGif, 'huge.gif').expect(400);
    expect(replaced.body.errors[0].code).toBe('invalid_image');
    expect(await imagesOf(s.project)).toHaveLength(1);
  });

  it('shows screenshots of private projects only to their members, and lets only screenshot managers write', async () => {
    const hidden = await setup(AccessControl.Private);
    const open = await setup(AccessControl.Public);
    const hiddenShot = (await upload(hidden, admin.auth).expect(201)).body;
    const openShot = (await upload(open, admin.auth).expect(201)).body;
    const outsider = await createUser(t);
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, open.project, 'Translate');
    const manager = await createUser(t);
    await joinProjectTeam(t, manager.user.id, hidden.project, 'Administration');

    const ids = async (auth?: string) => {
      const req = t.http().get('/api/screenshots/?page_size=1000');
      const res = await (auth ? req.set('Authorization', auth) : req).expect(200);
      return (res.body.results as { id: number }[]).map((row) => row.id);
    };
    expect(await ids()).toContain(openShot.id);
    expect(await ids()).not.toContain(hiddenShot.id);
    expect(await ids(outsider.auth)).not.toContain(hiddenShot.id);
    expect(await ids(manager.auth)).toContain(hiddenShot.id);
    await t.http().get(`/api/screenshots/${hiddenShot.id}/`).expect(404);
    await t.http().get(`/api/screenshots/${hiddenShot.id}/file/`).set('Authorization', outsider.auth).expect(404);
    await t.http().get(`/api/screenshots/${hiddenShot.id}/file/`).set('Authorization', manager.auth).expect(200);
    await t.http().get(`/api/components/${hidden.project.slug}/${encodeURIComponent(encodeURIComponent(hidden.path))}/screenshots/`).expect(404);

    // Creating: anonymous 401, invisible project reads as unknown, visible without the permission 403.
    await upload(open, undefined).expect(401);
    const invisible = await upload(hidden, outsider.auth).expect(400);
    expect(invisible.body.errors).toEqual([expect.objectContaining({ attr: 'project_slug' })]);
    await upload(open, translator.auth).expect(403);
    await upload(hidden, manager.auth).expect(201);

    await t.http().patch(`/api/screenshots/${openShot.id}/`).set('Authorization', translator.auth).send({ name: 'x' }).expect(403);
    await t.http().delete(`/api/screenshots/${openShot.id}/`).set('Authorization', translator.auth).expect(403);
    await t.http().delete(`/api/screenshots/${openShot.id}/`).expect(401);
    await t.http().delete(`/api/screenshots/${hiddenShot.id}/`).set('Authorization', outsider.auth).expect(404);
    await t.http().delete(`/api/screenshots/${hiddenShot.id}/`).set('Authorization', manager.auth).expect(204);
    await t.http().get('/api/screenshots/abc/').expect(404);
    await t.http().get('/api/screenshots/99999999999/').expect(404);
  });
});
