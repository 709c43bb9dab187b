import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFormats } from '../../src/formats/registry';
import { TranslationFormat, TranslationUnit } from '../../src/formats/translation-format';
import { translationPlural } from '../../src/languages/translation-plural';
import { Project } from '../../src/projects/project.entity';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Every registered file format, round-tripped through the API with its own fixture: a ZIP upload creates the
 * component, the units come out as the format's parser reads the file, the file downloads unchanged, and edits
 * committed through the API land in the downloaded file without touching the other strings.
 */

/** The formats' own fixtures (src/formats/fixtures) and this spec's monolingual bases (test/fixtures/formats). */
const FORMAT_FIXTURES = join(__dirname, '..', '..', 'src', 'formats', 'fixtures');
const BASES = join(__dirname, '..', 'fixtures', 'formats');
const src = (path: string): string => join(FORMAT_FIXTURES, path);
const base = (path: string): string => join(BASES, path);

interface FormatCase {
  format: string;
  /** Layout of the translations in the ZIP; the Czech file is the filemask with `*` replaced by `cs`. */
  filemask: string;
  /** The file uploaded as the Czech translation, and expected back byte for byte. */
  translation: string;
  /**
   * Monolingual base: its path in the ZIP and the file it holds. Where the format's fixtures have no base with the
   * same keys, test/fixtures/formats has one whose strings differ from the translation's, so a source taken from the
   * wrong file shows.
   */
  template?: { path: string; file: string };
}

const CASES: FormatCase[] = [
  { format: 'po', filemask: 'po/*.po', translation: src('po/cs.po') },
  { format: 'po-mono', filemask: 'po/*.po', translation: src('po-mono/cs.po'), template: { path: 'po/en.po', file: src('po-mono/en.po') } },
  { format: 'json', filemask: 'locales/*.json', translation: src('json/cs.json'), template: { path: 'locales/en.json', file: src('json/en.json') } },
  { format: 'json-nested', filemask: 'locales/*.json', translation: src('json/cs.json'), template: { path: 'locales/en.json', file: src('json/en.json') } },
  { format: 'i18next', filemask: 'locales/*.json', translation: src('i18next/en.json'), template: { path: 'locales/en.json', file: base('i18next/en.json') } },
  { format: 'i18nextv4', filemask: 'locales/*.json', translation: src('i18next/en-v4.json'), template: { path: 'locales/en.json', file: base('i18next/en-v4.json') } },
  { format: 'go-i18n-json', filemask: 'locales/*.json', translation: src('go-i18n-json/en.json'), template: { path: 'locales/en.json', file: base('go-i18n-json/en.json') } },
  {
    format: 'webextension',
    filemask: '_locales/*/messages.json',
    translation: src('webextension/messages.json'),
    template: { path: '_locales/en/messages.json', file: base('webextension/messages.json') },
  },
  { format: 'arb', filemask: 'lib/l10n/app_*.arb', translation: src('arb/app_en.arb'), template: { path: 'lib/l10n/app_en.arb', file: base('arb/app_en.arb') } },
  {
    format: 'aresource',
    filemask: 'res/values-*/strings.xml',
    translation: src('aresource/strings.xml'),
    template: { path: 'res/values/strings.xml', file: base('aresource/strings.xml') },
  },
  {
    format: 'strings',
    filemask: '*.lproj/Localizable.strings',
    translation: src('strings/cs.strings'),
    template: { path: 'en.lproj/Localizable.strings', file: base('strings/Localizable.strings') },
  },
  {
    format: 'stringsdict',
    filemask: '*.lproj/Localizable.stringsdict',
    translation: src('stringsdict/Localizable.stringsdict'),
    template: { path: 'en.lproj/Localizable.stringsdict', file: base('stringsdict/Localizable.stringsdict') },
  },
  {
    format: 'properties',
    filemask: 'messages_*.properties',
    translation: src('properties/cs.properties'),
    template: { path: 'messages.properties', file: base('properties/messages.properties') },
  },
  { format: 'resx', filemask: 'Resources.*.resx', translation: src('resx/Resources.cs.resx'), template: { path: 'Resources.resx', file: base('resx/Resources.resx') } },
  { format: 'csv', filemask: 'csv/*.csv', translation: src('csv/cs.csv') },
  { format: 'csv-simple', filemask: 'csv/*.csv', translation: src('csv/simple.csv'), template: { path: 'csv/en.csv', file: base('csv/simple.csv') } },
  { format: 'xlsx', filemask: 'xlsx/*.xlsx', translation: src('xlsx/cs.xlsx') },
  { format: 'yaml', filemask: 'yaml/*.yml', translation: src('yaml/en.yml'), template: { path: 'yaml/en.yml', file: base('yaml/en.yml') } },
  // The Rails fixture is an English file (its root key is the language): it is the base of a Czech translation.
  {
    format: 'ruby-yaml',
    filemask: 'config/locales/*.yml',
    translation: base('yaml/cs-rails.yml'),
    template: { path: 'config/locales/en.yml', file: src('yaml/en-rails.yml') },
  },
  { format: 'ts', filemask: 'i18n/*.ts', translation: src('ts/cs.ts.xml') },
  { format: 'php', filemask: 'lang/*.php', translation: src('php/cs.php'), template: { path: 'lang/en.php', file: base('php/en.php') } },
  { format: 'xliff', filemask: 'xliff/*.xlf', translation: src('xliff/cs.xlf') },
  { format: 'plainxliff', filemask: 'xliff/*.xlf', translation: src('xliff/cs.xlf') },
  { format: 'xliff2', filemask: 'xliff/*.xlf', translation: src('xliff/cs.xliff2.xlf') },
  { format: 'tbx', filemask: 'tbx/*.tbx', translation: src('tbx/cs.tbx') },
];

const FORMATS = new Map(listFormats().map((format) => [format.id, format]));
const NEW_TARGET = 'Nový „text“ & <b>upraven</b>';

interface ApiUnit {
  id: number;
  source: string[];
  target: string[];
  context: string;
  state: number;
}

interface Prepared {
  case: FormatCase;
  format: TranslationFormat;
  project: Project;
  translation: string;
  template?: Buffer;
  source: Buffer;
  created: { status: number; body: { task_url?: string } & Record<string, unknown> };
}

async function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Raw response bytes, whatever the content type. */
function binary(res: NodeJS.ReadableStream & { setEncoding: (e: string) => void }, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

const CZECH_PLURAL = { number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' };
const key = (unit: { context: string; source: string[] }) => JSON.stringify([unit.context, unit.source]);

describe('format fixtures through the API', () => {
  let t: TestApp;
  let admin: UserWithToken;
  const prepared = new Map<string, Prepared>();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true, fullName: 'Ada Admin', email: 'ada@example.com' });
    // Every component is uploaded up front and their setup tasks run together.
    await Promise.all(
      CASES.map(async (c) => {
        const format = FORMATS.get(c.format);
        if (!format) throw new Error(`format ${c.format} is not registered`);
        const project = await createProject(t);
        const source = readFileSync(c.translation);
        const template = c.template ? readFileSync(c.template.file) : undefined;
        const files: Record<string, Buffer> = { [c.filemask.replace('*', 'cs')]: source };
        if (c.template && template) files[c.template.path] = template;
        const fields: Record<string, string> = { name: `Fixture ${c.format}`, slug: 'fixture', file_format: c.format, filemask: c.filemask };
        if (c.template) Object.assign(fields, { template: c.template.path, new_base: c.template.path });
        const res = await t.http()
          .post(`/api/projects/${project.slug}/components/`)
          .set('Authorization', admin.auth)
          .field(fields)
          .attach('zipfile', await zipOf(files), 'upload.zip');
        prepared.set(c.format, {
          case: c,
          format,
          project,
          template,
          source,
          translation: `/api/translations/${project.slug}/fixture/cs/`,
          created: { status: res.status, body: res.body },
        });
      }),
    );
    await t.drainTasks();
  }, 120000);

  afterAll(() => t?.close());

  it('covers every registered format', () => {
    expect(CASES.map((c) => c.format).sort()).toEqual([...FORMATS.keys()].sort());
  });

  /**
   * The units as the API shows them: forms placed by the Czech plural of the format (CLDR one/few/many/other where
   * the file keys forms by category, gettext's three forms otherwise), each plural with exactly that many forms.
   */
  const parse = async (p: Prepared, data: Buffer): Promise<TranslationUnit[]> => {
    const plural = translationPlural(p.case.format, 'cs', CZECH_PLURAL);
    const { units } = await p.format.parse(data, { template: p.template, language: 'cs', pluralCategories: plural.categories });
    return units.map((unit) => (unit.source.length > 1 || unit.target.length > 1
      ? { ...unit, target: Array.from({ length: plural.count }, (_, index) => unit.target[index] ?? '') }
      : unit));
  };

  const download = async (p: Prepared): Promise<Buffer> =>
    (await t.http().get(`${p.translation}file/`).set('Authorization', admin.auth).buffer(true).parse(binary as never).expect(200)).body as Buffer;

  async function apiUnits(p: Prepared): Promise<ApiUnit[]> {
    const units: ApiUnit[] = [];
    let url: string | null = `${p.translation}units/?page_size=1000`;
    while (url) {
      const page: { results: ApiUnit[]; next: string | null } = (await t.http().get(url).set('Authorization', admin.auth).expect(200)).body;
      units.push(...page.results);
      url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
    }
    return units;
  }

  it.each(CASES.map((c) => [c.format]))('%s: imports the fixture, exports it unchanged and writes edits back', async (id) => {
    const p = prepared.get(id)!;
    expect(p.created.status).toBe(201);
    const task = await t.http().get(new URL(p.created.body.task_url!).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true });
    expect(task.body.result?.translations).toContain('cs');
    const translation = await t.http().get(p.translation).set('Authorization', admin.auth).expect(200);

    // Import: the API's units are the parser's units of the fixture.
    const parsed = await parse(p, p.source);
    expect(parsed.length).toBeGreaterThan(0);
    const units = await apiUnits(p);
    expect(units.map((u) => [u.context, u.source, u.target])).toEqual(parsed.map((u) => [u.context, u.source, u.target]));
    expect(translation.body).toMatchObject({ language_code: 'cs', filename: p.case.filemask.replace('*', 'cs'), total: parsed.length });

    // Export: the file as uploaded, byte for byte.
    expect((await download(p)).equals(p.source)).toBe(true);

    // Monolingual sources come from the base, not from the translation.
    if (p.template) expect(units.some((u) => u.target.some(Boolean) && u.target.join() !== u.source.join())).toBe(true);

    // Edits of singular strings, one translated and one empty where the file has such, committed, come back out of
    // the file; the other strings are untouched.
    const editable = units.filter((u) => u.source.length === 1 && u.state < 100);
    const edits = [editable.find((u) => u.target[0] !== ''), editable.find((u) => u.target[0] === '')].filter((u): u is ApiUnit => u !== undefined);
    expect(edits.length).toBeGreaterThan(0);
    const expected = new Map(parsed.map((u) => [key(u), u.target]));
    for (const [index, unit] of edits.entries()) {
      const target = `${NEW_TARGET} ${index + 1}`;
      await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: [target], state: 20 }).expect(200);
      expected.set(key(unit), [target]);
    }
    const repository = `/api/components/${p.project.slug}/fixture/repository/`;
    expect((await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'commit' }).expect(200)).body).toEqual({ result: true });
    const exported = await download(p);
    expect(exported.equals(p.source)).toBe(false);
    const reread = await parse(p, exported);
    expect(new Map(reread.map((u) => [key(u), u.target]))).toEqual(expected);
  });
});
