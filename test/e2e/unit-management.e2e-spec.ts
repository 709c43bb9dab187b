import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj"\n';
const UPLOAD = `${PO}\nmsgid "Brand new"\nmsgstr "Nový"\n`;

/** Which strings may be added or removed, beyond the caller's permissions: Weblate's `manage_units` and monolingual rules. */
describe('adding and removing strings', () => {
  const env = useGitTestEnv();

  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);
  const sources = async (translation: string) =>
    (await call('get', `${translation}units/`).expect(200)).body.results.map((unit: { source: string[] }) => unit.source[0]).sort();

  it('refuses both while the component does not manage its strings, whoever asks', async () => {
    const { project } = await createGitComponent(env, 'unmanaged', { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const add = await call('post', `${translation}units/`).send({ source: 'New', target: 'Nový' }).expect(403);
    expect(add.body.detail).toBe('Adding strings is disabled in the component configuration.');
    const upload = await call('post', `${translation}file/`).field('method', 'add').attach('file', Buffer.from(UPLOAD), 'cs.po').expect(403);
    expect(upload.body.detail).toBe('Adding strings is disabled in the component configuration.');
    const [hello] = (await call('get', `${translation}units/`).expect(200)).body.results;
    const remove = await call('delete', `/api/units/${hello.id}/`).expect(403);
    expect(remove.body.detail).toBe('Removing strings is disabled in the component configuration.');
    expect(await sources(translation)).toEqual(['Hello']);

    await call('patch', `/api/components/${project.slug}/app/`).send({ manage_units: true }).expect(200);
    await call('post', `${translation}units/`).send({ source: 'New', target: 'Nový' }).expect(200);
    expect(await sources(translation)).toEqual(['Hello', 'New']);
  });

  it.each([
    [{ source: 'Empty', target: '', state: 0 }, 'state'],
    // State 0 is no choice for a new string: the body's own check refuses it before the component's rules ask for a target.
    [{ source: 'Empty', state: 0 }, 'state'],
    [{ source: 'Translated', target: 'Přeloženo', state: 0 }, 'state'],
    [{ source: 'Read-only', target: 'Jen ke čtení', state: 100 }, 'state'],
    [{ source: 'Fuzzy without text', target: '', state: 10 }, 'state'],
    [{ source: 'Fuzzy without text', state: 10 }, 'target'],
  ])('refuses a new string with %j (400 on %s): a new string is fuzzy, translated or approved, or has no state', async (body, attr) => {
    const { project } = await createGitComponent(env, `state-${Object.values(body).join('-').replace(/\W/g, '')}`, { 'po/cs.po': PO },
      { filemask: 'po/*.po', file_format: 'po', manage_units: true });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const res = await call('post', `${translation}units/`).send(body).expect(400);
    expect(res.body.errors[0].attr).toBe(attr);
    expect(await sources(translation)).toEqual(['Hello']);
  });

  it("manages a monolingual component's strings in its source language only", async () => {
    const { project } = await createGitComponent(env, 'monolingual', { 'en.json': '{"hello": "Hello"}\n', 'cs.json': '{"hello": "Ahoj"}\n' },
      { filemask: '*.json', template: 'en.json', file_format: 'json', manage_units: true });
    const czech = `/api/translations/${project.slug}/app/cs/`;
    const english = `/api/translations/${project.slug}/app/en/`;
    const add = await call('post', `${czech}units/`).send({ key: 'bye', value: ['Nashle'] }).expect(403);
    expect(add.body.detail).toBe('Strings can be added only to the source language of a monolingual component.');
    const [czechHello] = (await call('get', `${czech}units/`).expect(200)).body.results;
    const remove = await call('delete', `/api/units/${czechHello.id}/`).expect(403);
    expect(remove.body.detail).toBe('Strings can be removed only from the source language of a monolingual component.');

    await call('post', `${english}units/`).send({ key: 'bye', value: ['Good bye'] }).expect(200);
    expect(await sources(czech)).toEqual(['Good bye', 'Hello']);
    const englishBye = (await call('get', `${english}units/?q=key:bye`).expect(200)).body.results[0];
    await call('delete', `/api/units/${englishBye.id}/`).expect(204);
    expect(await sources(czech)).toEqual(['Hello']);
  });
});
