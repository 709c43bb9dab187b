import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCEPTED, extractRealRepo, filesOf, msgfmtCheck, Verdict, xmllintCheck } from '../../src/formats/fixtures/toolchain';
import {
  androidCount, FileCount, javaProperties, jsonCount, linguistCount, msgfmtStatistics, propertiesCount, railsCount, railsLocales,
} from '../support/independent-counts';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { lineChanges } from '../support/line-changes';

/**
 * Each snapshot of test/fixtures/real-repos through the API, as a project would use the server: every file of
 * the filemask is a translation counted as the ecosystem's own tools count it; one string and one plural edited,
 * committed and pushed change exactly one file, only the edited entries' lines (and a PO header's revision lines),
 * and the file still passes its toolchain; a new language is a file the toolchain accepts; converted downloads pass
 * their validators.
 */

interface Snapshot {
  name: string;
  /** Folder of the project whose files go into the repository. */
  folder: string;
  fields: Record<string, unknown>;
  /** The translation edited, and its file. */
  language: string;
  /** Independent counts of every translation file (paths relative to the project), the source's left out. */
  counts(project: string, files: string[]): Map<string, FileCount>;
  /** The toolchain's verdict on a written file, compared with the file it replaced when there was one. */
  check(file: Buffer, original?: Buffer): Verdict;
  /** Lines a commit may change besides the edited entries (PO headers record the revision). */
  headerLines: number;
  /** Whether the format (and the project) has plural strings. */
  plurals: boolean;
  /** Files naming a language another file already has (Norwegian `no` beside `nb`): reported, not translations. */
  duplicates?: string[];
  /** Malformed files (a key repeated in one map): reported as parse errors, the rest of the component works. */
  unreadable?: string[];
  /** A download converted to another format, and its validator. */
  converted: { format: string; check(file: Buffer): Verdict };
}

/** Java's Properties reads the file: a verdict in the toolchain helpers' shape. */
function javaCheck(file: Buffer): Verdict {
  try {
    javaProperties([written(file, 'file.properties')]);
    return ACCEPTED;
  } catch (error) {
    return { status: 1, output: (error as Error).message };
  }
}

function written(file: Buffer, name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'written-')), name);
  writeFileSync(path, file);
  return path;
}

/**
 * PyYAML (YAML 1.1, as Ruby reads it) reads the file, and every value keeps its type: what was a string is one
 * (`yes` did not become true), numbers and booleans stay what they were.
 */
function railsCheck(file: Buffer, original?: Buffer): Verdict {
  try {
    const [after, before] = [written(file, 'after.yml'), original && written(original, 'before.yml')];
    const read = railsLocales(before ? [after, before] : [after]);
    if (!before) return ACCEPTED;
    const [now, then] = [read.get(after)!, read.get(before)!];
    const lost = Object.keys(then.strings).filter((key) => !(key in now.strings));
    if (lost.length > 0 || JSON.stringify(now.others) !== JSON.stringify(then.others)) {
      return { status: 1, output: `types changed: ${JSON.stringify({ lost, others: now.others })}` };
    }
    return ACCEPTED;
  } catch (error) {
    return { status: 1, output: (error as Error).message };
  }
}

function jsonCheck(file: Buffer): Verdict {
  try {
    JSON.parse(file.toString());
    return ACCEPTED;
  } catch (error) {
    return { status: 1, output: (error as Error).message };
  }
}

const forEachFile = (files: string[], count: (file: string) => FileCount) => new Map(files.map((file) => [file, count(file)]));

const SNAPSHOTS: Snapshot[] = [
  {
    name: 'hello',
    plurals: true,
    folder: 'po',
    fields: { file_format: 'po', filemask: 'po/*.po', new_base: 'po/hello.pot' },
    language: 'cs',
    counts: (project, files) => forEachFile(files, (file) => {
      const counted = msgfmtStatistics(join(project, file));
      return { total: counted.translated + counted.fuzzy + counted.untranslated, translated: counted.translated };
    }),
    check: msgfmtCheck,
    headerLines: 5,
    converted: { format: 'xliff', check: xmllintCheck },
  },
  {
    name: 'tusky',
    plurals: true,
    folder: 'app/src/main/res',
    fields: { file_format: 'aresource', filemask: 'app/src/main/res/values-*/strings.xml', template: 'app/src/main/res/values/strings.xml' },
    language: 'ru',
    counts: (project, files) => forEachFile(files, (file) => androidCount(join(project, 'app/src/main/res/values/strings.xml'), join(project, file))),
    check: xmllintCheck,
    headerLines: 0,
    converted: { format: 'po', check: msgfmtCheck },
  },
  {
    name: 'uptimekuma',
    plurals: false,
    folder: 'src/lang',
    fields: { file_format: 'json', filemask: 'src/lang/*.json', template: 'src/lang/en.json' },
    language: 'ca',
    counts: (project, files) => forEachFile(files, (file) => jsonCount(readFileSync(join(project, 'src/lang/en.json')), readFileSync(join(project, file)))),
    check: jsonCheck,
    headerLines: 0,
    converted: { format: 'po', check: msgfmtCheck },
  },
  {
    name: 'cryptomator',
    plurals: false,
    folder: 'src/main/resources/i18n',
    fields: { file_format: 'properties-utf8', filemask: 'src/main/resources/i18n/strings_*.properties', template: 'src/main/resources/i18n/strings.properties' },
    language: 'de',
    duplicates: ['src/main/resources/i18n/strings_no.properties'],
    counts: (project, files) => {
      const read = javaProperties([join(project, 'src/main/resources/i18n/strings.properties'), ...files.map((file) => join(project, file))]);
      const template = read.get(join(project, 'src/main/resources/i18n/strings.properties'))!;
      return forEachFile(files, (file) => propertiesCount(template, read.get(join(project, file))!));
    },
    check: javaCheck,
    headerLines: 0,
    converted: { format: 'po', check: msgfmtCheck },
  },
  {
    name: 'pcmanfmqt',
    plurals: true,
    folder: 'pcmanfm/translations',
    fields: { file_format: 'ts', filemask: 'pcmanfm/translations/pcmanfm-qt_*.ts', new_base: 'pcmanfm/translations/pcmanfm-qt.ts' },
    language: 'ru',
    duplicates: ['pcmanfm/translations/pcmanfm-qt_sk_SK.ts'],
    counts: (project, files) => forEachFile(files, (file) => linguistCount(join(project, file))),
    check: xmllintCheck,
    headerLines: 0,
    converted: { format: 'po', check: msgfmtCheck },
  },
  {
    name: 'railsi18n',
    plurals: true,
    folder: 'rails/locale',
    fields: { file_format: 'ruby-yaml', filemask: 'rails/locale/*.yml', template: 'rails/locale/en.yml' },
    language: 'ru',
    // Two files for one language: the one named by its own code (de.yml) is the translation.
    duplicates: ['rails/locale/de-DE.yml', 'rails/locale/es-ES.yml', 'rails/locale/fr-FR.yml'],
    unreadable: ['rails/locale/gd.yml'],
    counts: (project, files) => {
      const template = join(project, 'rails/locale/en.yml');
      const read = railsLocales([template, ...files.map((file) => join(project, file))]);
      return forEachFile(files, (file) => railsCount(read.get(template)!, read.get(join(project, file))!, /([^/]+)\.yml$/.exec(file)![1]));
    },
    check: railsCheck,
    headerLines: 0,
    converted: { format: 'po', check: msgfmtCheck },
  },
];

interface ApiUnit {
  id: number;
  source: string[];
  target: string[];
  state: number;
}

jest.setTimeout(120_000);

describe('real repositories, round trip through the API', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });

  it.each(SNAPSHOTS.map((snapshot) => [snapshot.name, snapshot] as const))('%s', async (name, snapshot) => {
    const { t, git, admin } = env;
    const project = extractRealRepo(name);
    const files = filesOf(project, [snapshot.folder]);
    const { project: created } = await createGitComponent(env, name, files as never, snapshot.fields);
    const base = `/api/components/${created.slug}/app`;
    const get = async (path: string) => (await t.http().get(path).set('Authorization', admin.auth).expect(200)).body;

    // Every file of the filemask is a translation, counted as the toolchain counts it.
    const mask = new RegExp(`^${String(snapshot.fields.filemask).replace(/[.+]/g, '\\$&').replace('*', '[^/]+')}$`);
    const translationFiles = Object.keys(files).filter((path) => mask.test(path) && path !== snapshot.fields.template);
    const rows: { filename: string; is_source: boolean; total: number; translated: number; language_code: string }[] = (await get(`${base}/translations/?page_size=1000`)).results;
    const translations = rows.filter((row) => !row.is_source || translationFiles.includes(row.filename));
    expect(translations.length).toBe(translationFiles.length - (snapshot.duplicates?.length ?? 0));
    expect([...translations.map((row) => row.filename), ...(snapshot.duplicates ?? [])].sort()).toEqual([...translationFiles].sort());
    const counts = snapshot.counts(project, translationFiles);
    for (const row of translations.filter((translation) => !snapshot.unreadable?.includes(translation.filename))) {
      const counted = counts.get(row.filename)!;
      expect([row.filename, row.total, row.translated]).toEqual([row.filename, counted.total, counted.translated ?? row.translated]);
    }
    // A file that is no translation (a second file of one language), or cannot be read, is reported in the change log.
    const changes: { action: number; target: string }[] = (await get(`${base}/changes/?page_size=1000`)).results;
    const alerts = changes.filter((change) => change.action === 47).map((change) => change.target);
    for (const path of snapshot.unreadable ?? []) {
      expect(changes.filter((change) => change.action === 24 && change.target.includes(path))).toHaveLength(1);
    }
    for (const path of translationFiles.filter((file) => !translations.some((row) => row.filename === file))) {
      expect(alerts.filter((alert) => alert.startsWith(`Skipped ${path}: `))).toHaveLength(1);
    }

    // One string and one plural edited, committed and pushed.
    const edited = translations.find((row) => row.language_code === snapshot.language)!;
    const units: ApiUnit[] = (await get(`/api/translations/${created.slug}/app/${snapshot.language}/units/?page_size=2000`)).results;
    const translated = units.filter((unit) => unit.state >= 20 && unit.state < 100 && unit.target.every((form) => form !== ''));
    // Translated strings, else untranslated ones filled from their source (hello's Czech has no translation yet).
    const editable = [...translated, ...units.filter((unit) => unit.state < 100)];
    const single = editable.find((unit) => unit.target.length === 1)!;
    const plural = editable.find((unit) => unit.target.length > 1);
    expect(plural !== undefined).toBe(snapshot.plurals);
    for (const unit of [single, plural].filter((found): found is ApiUnit => found !== undefined)) {
      const target = unit.target.map((form, index) => `(ed.) ${form || unit.source[Math.min(index, unit.source.length - 1)]}`);
      await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target, state: 20 }).expect(200);
    }
    await t.http().post(`${base}/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    for (const path of Object.keys(files).filter((file) => file !== edited.filename)) {
      expect([path, await git.readFile(name, path)]).toEqual([path, files[path].toString()]);
    }
    const pushed = await git.readFile(name, edited.filename);
    expect(snapshot.check(Buffer.from(pushed), files[edited.filename])).toEqual(ACCEPTED);
    const { removed, added } = lineChanges(files[edited.filename].toString(), pushed);
    const forms = 1 + (plural?.target.length ?? 0);
    expect(added.filter((line) => line.includes('(ed.)'))).toHaveLength(forms);
    expect(removed.length).toBeLessThanOrEqual(forms + snapshot.headerLines);
    expect(added.length).toBeLessThanOrEqual(forms + snapshot.headerLines);

    // A new language is a file the toolchain accepts; converted downloads pass their validators.
    const added201 = (await t.http().post(`${base}/translations/`).set('Authorization', admin.auth).send({ language_code: 'yo' }).expect(201)).body;
    await t.http().post(`${base}/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(snapshot.check(Buffer.from(await git.readFile(name, added201.data.filename)))).toEqual(ACCEPTED);
    const converted = await t.http().get(`/api/translations/${created.slug}/app/${snapshot.language}/file/?format=${snapshot.converted.format}`)
      .set('Authorization', admin.auth).buffer(true).expect(200);
    expect(snapshot.converted.check(Buffer.from(converted.text))).toEqual(ACCEPTED);
  });
});
