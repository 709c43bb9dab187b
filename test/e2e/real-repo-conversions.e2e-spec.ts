import JSZip from 'jszip';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCEPTED, extractRealRepo, filesOf, msgfmtCheck, Verdict } from '../../src/formats/fixtures/toolchain';
import { msgfmtStatistics } from '../support/independent-counts';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { lineChanges } from '../support/line-changes';
import { binaryBody } from '../support/binary-body';

/**
 * A translation downloaded converted to another format (`?format=`), edited in that file as a translator would and
 * uploaded back with method=translate: exactly the edited strings are accepted, nothing is "not found", the other
 * strings stay as they were, and the committed file changes only the edited entries. With the real files of a PO
 * project (Weblate's hello, Czech: three plural forms) and of an i18next v4 one (Actual Budget, German), each with a
 * plural string (test/fixtures/real-repos).
 */

const FORMATS = ['xliff', 'xliff11', 'po', 'csv', 'xlsx', 'json'];

interface Project {
  name: string;
  folders: string[];
  fields: Record<string, unknown>;
  language: string;
  /** The translation's file in the repository. */
  file: string;
  /** Lines a commit may change besides the edited entries (PO headers record the revision). */
  headerLines: number;
  check(file: Buffer): Verdict;
}

interface ApiUnit {
  id: number;
  source: string[];
  target: string[];
  state: number;
}

const PROJECTS: Project[] = [
  {
    name: 'hello',
    folders: ['po'],
    fields: { file_format: 'po', filemask: 'po/*.po', new_base: 'po/hello.pot', language_regex: '^cs$' },
    language: 'cs',
    file: 'po/cs.po',
    headerLines: 5,
    check: msgfmtCheck,
  },
  {
    name: 'actualbudget',
    folders: [''],
    fields: { file_format: 'i18nextv4', filemask: '*.json', template: 'en.json' },
    language: 'de',
    file: 'de.json',
    headerLines: 0,
    check: (file) => {
      try {
        JSON.parse(file.toString());
        return ACCEPTED;
      } catch (error) {
        return { status: 1, output: (error as Error).message };
      }
    },
  },
];

/** How often `token` occurs in the downloaded file (every part of an XLSX archive), and the file with it replaced. */
async function replaceIn(file: Buffer, format: string, token: string, by: string): Promise<{ count: number; edited: Buffer }> {
  const occurrences = (text: string) => text.split(token).length - 1;
  if (format !== 'xlsx') {
    const text = file.toString();
    return { count: occurrences(text), edited: Buffer.from(text.split(token).join(by)) };
  }
  const zip = await JSZip.loadAsync(file);
  let count = 0;
  for (const name of Object.keys(zip.files).filter((path) => path.endsWith('.xml'))) {
    const text = await zip.file(name)!.async('string');
    count += occurrences(text);
    zip.file(name, text.split(token).join(by));
  }
  return { count, edited: await zip.generateAsync({ type: 'nodebuffer' }) };
}

jest.setTimeout(120_000);

describe('converted downloads edited and uploaded back', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });

  it.each(PROJECTS.map((project) => [project.name, project] as const))('%s', async (name, project) => {
    const { t, git, admin } = env;
    const files = filesOf(extractRealRepo(name), project.folders);
    for (const path of Object.keys(files).filter((file) => /(^|\/)(LICENSE|SNAPSHOT|MIT-LICENSE\.txt)$/.test(file))) delete files[path];
    const { project: created } = await createGitComponent(env, name, files as never, project.fields);
    const translation = `/api/translations/${created.slug}/app/${project.language}/`;
    const call = (method: 'get' | 'patch' | 'post', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const units = async (): Promise<ApiUnit[]> => (await call('get', `${translation}units/?page_size=10000`).expect(200)).body.results;

    // One string and one plural: translated ones where the file has them (hello's Czech has none yet).
    const before = await units();
    const pick = (plural: boolean) => before.find((unit) => (unit.source.length > 1) === plural && unit.state === 20) ?? before.find((unit) => (unit.source.length > 1) === plural)!;
    const [single, plural] = [pick(false), pick(true)];
    const base = (unit: ApiUnit) => unit.target.map((form, index) => form || unit.source[Math.min(index, unit.source.length - 1)]);
    // Marks in the texts to edit in each downloaded file: the string's, and the last plural form's only (before a
    // final line break, which gettext wants on both sides or neither).
    const marked = (forms: string[], mark: string) => [...forms.slice(0, -1), forms.at(-1)!.replace(/\n?$/, (end) => ` ${mark}${end}`)];
    const edited = (round: number) => ({ single: marked(base(single), `Qs${round}`), plural: marked(base(plural), `Qp${round}`) });
    await call('patch', `/api/units/${single.id}/`).send({ target: edited(0).single, state: 20 }).expect(200);
    await call('patch', `/api/units/${plural.id}/`).send({ target: edited(0).plural, state: 20 }).expect(200);
    expect(plural.target.length).toBe(project.language === 'cs' ? 3 : 2);

    for (const [round, format] of FORMATS.entries()) {
      const stored = await units();
      const download = await call('get', `${translation}file/?format=${format}`).buffer(true).parse(binaryBody).expect(200);
        const filename = /filename="?([^";]+)"?/.exec(String(download.headers['content-disposition']))![1];
      let file = download.body as Buffer;
      for (const token of ['Qs', 'Qp']) {
        const replaced = await replaceIn(file, format, `${token}${round}`, `${token}${round + 1}`);
        expect([format, token, replaced.count]).toEqual([format, token, 1]);
        file = replaced.edited;
      }

      const upload = await call('post', `${translation}file/`).field('method', 'translate').field('conflicts', 'replace-translated')
        .attach('file', file, filename).expect(200);
      expect([format, upload.body]).toEqual([format, { not_found: 0, skipped: stored.length - 2, accepted: 2, total: stored.length, result: true, count: stored.length }]);
      const after = await units();
      const expected = edited(round + 1);
      expect(after.find((unit) => unit.id === single.id)).toMatchObject({ target: expected.single, state: 20 });
      expect(after.find((unit) => unit.id === plural.id)).toMatchObject({ target: expected.plural, state: 20 });
      const others = (list: ApiUnit[]) => list.filter((unit) => unit.id !== single.id && unit.id !== plural.id).map((unit) => [unit.id, unit.target, unit.state]);
      expect(others(after)).toEqual(others(stored));
    }

    // Committed, the file changes in the edited entries only and passes its toolchain.
    await call('post', `/api/components/${created.slug}/app/repository/`).send({ operation: 'push' }).expect(200);
    const pushed = await git.readFile(name, project.file);
    expect(project.check(Buffer.from(pushed))).toEqual(ACCEPTED);
    const lines = lineChanges(files[project.file].toString(), pushed);
    const marks = lines.added.filter((line) => /Q[sp]\d/.test(line));
    expect(marks.map((line) => /Q[sp]\d/.exec(line)![0]).sort()).toEqual([`Qp${FORMATS.length}`, `Qs${FORMATS.length}`]);
    const last = edited(FORMATS.length);
    const forms = [...last.single.filter((form, index) => form !== single.target[index]), ...last.plural.filter((form, index) => form !== plural.target[index])];
    expect(lines.added.length).toBeLessThanOrEqual(forms.length + project.headerLines);
    expect(lines.removed.length).toBeLessThanOrEqual(forms.length + project.headerLines);
    if (name === 'hello') {
      // msgfmt counts what the API counts.
      const path = join(mkdtempSync(join(tmpdir(), 'pushed-')), 'cs.po');
      writeFileSync(path, pushed);
      const statistics = (await call('get', `${translation}statistics/`).expect(200)).body;
      expect(statistics.translated).toBe(msgfmtStatistics(path).translated);
    }
  });
});
