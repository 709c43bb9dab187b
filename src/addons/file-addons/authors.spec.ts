import { Contributor, updateAuthorComments } from './authors';

const HEADER = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '', 'msgid "Hello"', 'msgstr "Ahoj"', ''];
const po = (comment: string[], header = HEADER) => [...comment, ...header].join('\n');
const update = (text: string, contributors: Contributor[]) => updateAuthorComments(Buffer.from(text), contributors)?.toString() ?? null;
const ADA: Contributor = { name: 'Ada Admin', email: 'ada@example.com', years: [2025] };

describe('updateAuthorComments (weblate.gettext.authors)', () => {
  it("replaces msginit's FIRST AUTHOR placeholder with the contributors, leaving the other comments", () => {
    const comment = ['# Czech translation of App.', '# Copyright (C) 2025 App', '# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.', '#', '#, fuzzy'];
    const bob = { name: 'Bob', email: 'bob@example.com', years: [2024, 2025] };
    expect(update(po(comment), [ADA, bob])).toBe(po([
      '# Czech translation of App.', '# Copyright (C) 2025 App', '# Ada Admin <ada@example.com>, 2025.', '# Bob <bob@example.com>, 2024, 2025.', '#', '#, fuzzy',
    ]));
  });

  it('adds a contributor after those listed, and only the missing years to one who is (found by e-mail)', () => {
    const comment = ['# App.', '# Ada A. <ADA@example.com>, 2019.', '# Carl <carl@example.com>, 2020, 2021.', '#'];
    const contributors = [{ ...ADA, years: [2019, 2025] }, { name: 'Carl', email: 'carl@example.com', years: [2021] }, { name: 'Dora', email: 'dora@example.com', years: [2025] }];
    expect(update(po(comment), contributors)).toBe(po([
      '# App.', '# Ada A. <ADA@example.com>, 2019, 2025.', '# Carl <carl@example.com>, 2020, 2021.', '# Dora <dora@example.com>, 2025.', '#',
    ]));
  });

  it('answers null when every contributor is listed with their years', () => {
    expect(update(po(['# Ada Admin <ada@example.com>, 2024, 2025.']), [ADA])).toBeNull();
    expect(update(po(['# App']), [])).toBeNull();
  });

  it('puts the authors after the last comment with text when none are listed, or first in a file without comments', () => {
    expect(update(po(['# App', '', '#', '#, fuzzy']), [ADA])).toBe(po(['# App', '# Ada Admin <ada@example.com>, 2025.', '', '#', '#, fuzzy']));
    expect(update(po([]), [ADA])).toBe(po(['# Ada Admin <ada@example.com>, 2025.']));
  });

  it('leaves a file without a header alone', () => {
    expect(update('# App\nmsgid "Hello"\nmsgstr "Ahoj"\n', [ADA])).toBeNull();
  });

  it('writes a name on one line, in the CRLF line ends and the ISO-8859-1 charset of the file', () => {
    const latin1 = po(['# Traduction française'], ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=ISO-8859-1\\n"', '']).replace(/\n/g, '\r\n');
    const updated = updateAuthorComments(Buffer.from(latin1, 'latin1'), [{ name: 'Zoé\nRoy', email: 'zoe@example.com', years: [2025] }]);
    expect(updated?.toString('latin1')).toBe(latin1.replace('française\r\n', 'française\r\n# Zoé Roy <zoe@example.com>, 2025.\r\n'));
  });
});
