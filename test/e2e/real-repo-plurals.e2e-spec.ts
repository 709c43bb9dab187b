import { parse } from 'yaml';
import { changedLines } from '../../src/formats/fixtures/fixture';
import { ACCEPTED, extractRealRepo, filesOf, msgfmtCheck, xmllintCheck } from '../../src/formats/fixtures/toolchain';
import { UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { GitHttpServer } from '../support/git-http-server';
import { TestApp } from '../support/test-app';

/**
 * Real projects' files (test/fixtures/real-repos) served from a bare repository: plural strings edited through
 * the API come back in the pushed file with the forms the API showed, and the files pass their toolchain.
 */

interface ApiUnit {
  id: number;
  context: string;
  source: string[];
  target: string[];
}

describe('plurals and headers of real repositories through the API', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  async function units(translation: string): Promise<ApiUnit[]> {
    return (await t.http().get(`${translation}units/?page_size=1000`).set('Authorization', admin.auth).expect(200)).body.results;
  }

  const push = (projectSlug: string) =>
    t.http().post(`/api/components/${projectSlug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);

  it('Android: a Russian plural shows, accepts and writes its four quantities', async () => {
    const tusky = extractRealRepo('tusky');
    const res = 'app/src/main/res';
    const files = filesOf(tusky, [`${res}/values`, `${res}/values-ru`, `${res}/values-pl`]);
    const { project } = await createGitComponent(env, 'tusky', files as never, {
      filemask: `${res}/values-*/strings.xml`, template: `${res}/values/strings.xml`, file_format: 'aresource',
    });
    const translation = `/api/translations/${project.slug}/app/ru/`;
    const days = (await units(translation)).find((unit) => unit.context === 'poll_timespan_days')!;
    expect(days.target).toEqual(['остался %1$d день', 'осталось %1$d дня', 'осталось %1$d дней', 'осталось %1$d дней']);

    const rejected = await t.http().patch(`/api/units/${days.id}/`).set('Authorization', admin.auth).send({ target: days.target.slice(0, 3), state: 20 }).expect(400);
    expect(rejected.body).toHaveProperty('detail');
    const target = ['остался %1$d день', 'осталось %1$d дня', 'осталось целых %1$d дней', 'осталось %1$d дней'];
    await t.http().patch(`/api/units/${days.id}/`).set('Authorization', admin.auth).send({ target, state: 20 }).expect(200);

    // Converted for gettext tools, the string has Russian's three gettext forms and the file passes msgfmt.
    const po = await t.http().get(`${translation}file/?format=po`).set('Authorization', admin.auth).buffer(true).expect(200);
    expect(msgfmtCheck(Buffer.from(po.text))).toEqual(ACCEPTED);
    expect(po.text).toContain('msgstr[2] "осталось целых %1$d дней"\n');

    await push(project.slug);
    const path = `${res}/values-ru/strings.xml`;
    const pushed = await git.readFile('tusky', path);
    expect(changedLines(files[path], pushed)).toEqual({
      removed: ['        <item quantity="many">осталось %1$d дней</item>'],
      added: ['        <item quantity="many">осталось целых %1$d дней</item>'],
    });
    expect(xmllintCheck(Buffer.from(pushed))).toEqual(ACCEPTED);
  });

  it('Qt: a Russian numerus message shows, accepts and writes its three forms', async () => {
    const pcmanfm = extractRealRepo('pcmanfmqt');
    const files = filesOf(pcmanfm, ['pcmanfm/translations']);
    const { project } = await createGitComponent(env, 'pcmanfm', files as never, {
      filemask: 'pcmanfm/translations/pcmanfm-qt_*.ts', new_base: 'pcmanfm/translations/pcmanfm-qt.ts', file_format: 'ts', language_regex: '^(ru|cs)$',
    });
    const translation = `/api/translations/${project.slug}/app/ru/`;
    const items = (await units(translation)).find((unit) => unit.source[0] === '%n item')!;
    expect(items).toMatchObject({ source: ['%n item', '%n items'], target: ['%n объект', '%n объекта', '%n объектов'] });
    await t.http().patch(`/api/units/${items.id}/`).set('Authorization', admin.auth).send({ target: ['%n объект', '%n объекта', '%n объектов всего'], state: 20 }).expect(200);

    await push(project.slug);
    const path = 'pcmanfm/translations/pcmanfm-qt_ru.ts';
    expect(changedLines(files[path], await git.readFile('pcmanfm', path))).toEqual({
      removed: ['            <numerusform>%n объектов</numerusform>'],
      added: ['            <numerusform>%n объектов всего</numerusform>'],
    });
  });

  it('Rails YAML: saving a Russian string keeps every plural under its own categories', async () => {
    const en = 'en:\n  title: Mail\n  subtitle: Your inbox\n  inbox:\n    one: "%{count} message"\n    other: "%{count} messages"\n';
    const ru = 'ru:\n  title: Почта\n  inbox:\n    one: "%{count} сообщение"\n    few: "%{count} сообщения"\n    many: "%{count} сообщений"\n    other: "%{count} сообщения"\n';
    const { project } = await createGitComponent(env, 'rails', { 'config/locales/en.yml': en, 'config/locales/ru.yml': ru }, {
      filemask: 'config/locales/*.yml', template: 'config/locales/en.yml', file_format: 'ruby-yaml',
    });
    const translation = `/api/translations/${project.slug}/app/ru/`;
    const strings = await units(translation);
    expect(strings.find((unit) => unit.context === 'inbox')!.target).toEqual(['%{count} сообщение', '%{count} сообщения', '%{count} сообщений', '%{count} сообщения']);
    const title = strings.find((unit) => unit.context === 'title')!;
    await t.http().patch(`/api/units/${title.id}/`).set('Authorization', admin.auth).send({ target: ['Входящие'], state: 20 }).expect(200);

    await push(project.slug);
    const pushed = parse(await git.readFile('rails', 'config/locales/ru.yml'));
    expect(pushed.ru.title).toBe('Входящие');
    expect(pushed.ru.inbox).toEqual({ one: '%{count} сообщение', few: '%{count} сообщения', many: '%{count} сообщений', other: '%{count} сообщения' });
  });

  it('PO: non-ASCII text committed into an ASCII-declared file of Weblate\'s demo passes msgfmt, and so does a new language', async () => {
    const hello = extractRealRepo('hello');
    const files = filesOf(hello, ['po']);
    const { project } = await createGitComponent(env, 'hello', files as never, {
      filemask: 'po/*.po', new_base: 'po/hello.pot', file_format: 'po', new_lang: 'add', language_regex: '^(cs|uk)$',
    });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const hello1 = (await units(translation)).find((unit) => unit.source[0] === 'Hello, world!\n')!;
    await t.http().patch(`/api/units/${hello1.id}/`).set('Authorization', admin.auth).send({ target: ['Ahoj světe!\n'], state: 20 }).expect(200);
    await t.http().post(`/api/components/${project.slug}/app/translations/`).set('Authorization', admin.auth).send({ language_code: 'uk' }).expect(201);

    await push(project.slug);
    const cs = await git.readFile('hello', 'po/cs.po');
    expect(cs).toContain('"Content-Type: text/plain; charset=UTF-8\\n"');
    expect(cs).toContain('"Last-Translator: Ada Admin <ada@example.com>\\n"');
    expect(cs).toContain('msgstr "Ahoj světe!\\n"');
    expect(msgfmtCheck(Buffer.from(cs))).toEqual(ACCEPTED);

    const uk = await git.readFile('hello', 'po/uk.po');
    expect(uk).not.toContain('YEAR-MO-DA');
    expect(uk).toContain('"Language: uk\\n"');
    expect(uk).toContain('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n');
    expect(msgfmtCheck(Buffer.from(uk))).toEqual(ACCEPTED);
  });
});
