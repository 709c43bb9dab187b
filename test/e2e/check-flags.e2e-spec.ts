import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\nmsgid "Value: aab"\nmsgstr ""\n';

/** Regular expressions users put into check flags run on RE2: they can neither stall the server nor be stored broken. */
describe('check flags with regular expressions', () => {
  const env = useGitTestEnv();
  const call = (method: 'get' | 'patch', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);

  async function setUp(name: string) {
    const { project } = await createGitComponent(env, name, { 'po/cs.po': PO }, { filemask: 'po/*.po', file_format: 'po' });
    const [unit] = (await call('get', `/api/translations/${project.slug}/app/cs/units/`).expect(200)).body.results;
    return { project, unit, sourceUnit: new URL(unit.source_unit).pathname };
  }

  it('checks a translation against a pattern that backtracks exponentially on JavaScript, promptly', async () => {
    const { unit, sourceUnit } = await setUp('exponential');
    await call('patch', sourceUnit).send({ extra_flags: 'placeholders:r"(a|a)*b"' }).expect(200);
    const saved = await call('patch', `/api/units/${unit.id}/`).send({ target: ['a'.repeat(34)], state: 20 }).expect(200);
    expect(saved.body.has_failing_check).toBe(true);
    const fixed = await call('patch', `/api/units/${unit.id}/`).send({ target: [`Hodnota: aab ${'a'.repeat(34)}`], state: 20 }).expect(200);
    expect(fixed.body.has_failing_check).toBe(false);
    await env.t.http().get('/api/').expect(200);
  });

  it('refuses flags whose patterns RE2 cannot compile, on strings, components and projects', async () => {
    const { project, sourceUnit } = await setUp('refused');
    const flags = 'placeholders:r"(?=x)y"';
    for (const [path, field] of [[sourceUnit, 'extra_flags'], [`/api/components/${project.slug}/app/`, 'check_flags'], [`/api/projects/${project.slug}/`, 'check_flags']]) {
      const res = await call('patch', path).send({ [field]: flags }).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ attr: field, detail: expect.stringMatching(/^Invalid regular expression r"\(\?=x\)y": /) })]);
    }
    expect((await call('get', sourceUnit).expect(200)).body.extra_flags).toBe('');
    expect((await call('get', `/api/components/${project.slug}/app/`).expect(200)).body.check_flags).toBe('');
  });
});
