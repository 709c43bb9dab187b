import { TranslationUnit, UnitState } from '../../formats';
import { keyedUnit, makeUnit } from '../../formats/units';
import { formEntries, matchUploadedUnits, UploadPlurals } from './upload-matching';
import type { StoredUnit } from './upload-plan';

const stored = (id: number, context: string, source: string[], target: string[]): StoredUnit => ({
  id, idHash: `h${id}`, context, source, target, state: UnitState.Translated,
});
const uploaded = (unit: TranslationUnit) => ({ unit, idHash: 'other' });
const CZECH: UploadPlurals = { file: ['one', 'few', 'other'], forms: ['one', 'few', 'other'], stored: ['one', 'few', 'other'] };
/** Stored `[id, target]` of each match. */
const summary = (matched: ReturnType<typeof matchUploadedUnits>) => matched.map((entry) => [entry.stored?.id, entry.unit.target]);

describe('matchUploadedUnits', () => {
  // Weblate's hello: msgids without msgctxt; the XLIFF download uses them as ids, which come back as contexts.
  const hello = [
    stored(1, '', ['Hello, world!\n'], ['']),
    stored(2, '', ['Orangutan has %d banana.\n', 'Orangutan has %d bananas.\n'], ['', '', '']),
  ];

  it('finds a bilingual string by its source when the file names it by an id (XLIFF of a PO component)', () => {
    const xliff = makeUnit(false, { context: 'Hello, world!\n', source: ['Hello, world!\n'], target: ['Ahoj světe!\n'] });
    expect(summary(matchUploadedUnits([uploaded(xliff)], hello, CZECH))).toEqual([[1, ['Ahoj světe!\n']]]);
  });

  it('puts the form entries of a plural (XLIFF group, CSV, XLSX, JSON downloads) back into one string', () => {
    const forms = ['%d banán', '%d banány', '%d banánů'].map((form, index) =>
      makeUnit(false, { context: `Orangutan has %d banana.\n[${index}]`, source: ['x'], target: [form] }));
    const matched = matchUploadedUnits(forms.map(uploaded), hello, CZECH);
    expect(summary(matched)).toEqual([[2, ['%d banán', '%d banány', '%d banánů']]]);
    expect(matched[0].unit.state).toBe(UnitState.Translated);
    // Missing a form, the string is not complete.
    expect(matchUploadedUnits(forms.slice(0, 2).map(uploaded), hello, CZECH)[0].unit.state).toBe(UnitState.Empty);
  });

  it('maps the file\'s plural onto the stored one, keeping the forms of categories the file has not', () => {
    // An Android Russian string (one/few/many/other) uploaded as PO (gettext: one/few/many).
    const russian: UploadPlurals = { file: ['one', 'few', 'many'], forms: ['one', 'few', 'many'], stored: ['one', 'few', 'many', 'other'] };
    const days = stored(3, 'days', ['%d day', '%d days'], ['%d день', '%d дня', '%d дней', '%d дня']);
    const po = makeUnit(false, { context: 'days', source: ['%d day', '%d days'], target: ['%d день', '%d дня', '%d деньков'] });
    expect(summary(matchUploadedUnits([uploaded(po)], [days], russian))).toEqual([[3, ['%d день', '%d дня', '%d деньков', '%d дня']]]);
  });

  it('writes no forms where a plural meets a string without plural', () => {
    const firstFormOnly = makeUnit(false, { context: '', source: ['Orangutan has %d banana.\n', 'Orangutan has %d bananas.\n'], target: ['jeden'] });
    expect(summary(matchUploadedUnits([uploaded(firstFormOnly)], hello, CZECH))).toEqual([[2, []]]);
  });

  it('finds a key of a monolingual component and leaves a key two strings share unmatched', () => {
    const keyed = [stored(4, 'save', ['Save'], ['Uložit']), stored(5, '', ['save'], ['x']), stored(6, 'open', ['Open'], [''])];
    const json = [keyedUnit('open', ['Otevřít']), keyedUnit('save', ['Uložit vše'])];
    expect(summary(matchUploadedUnits(json.map(uploaded), keyed, CZECH))).toEqual([[6, ['Otevřít']], [undefined, ['Uložit vše']]]);
  });

  it('gives the form entries of a file read against its template the place of the template\'s empty plural', () => {
    // The JSON download of an i18next component, uploaded as a file of the component's own type.
    const plurals: UploadPlurals = { file: ['one', 'other'], forms: ['one', 'other'], stored: ['one', 'other'] };
    const rows = [stored(7, 'files', ['{{count}} file', '{{count}} files'], ['{{count}} Datei', '{{count}} Dateien']), stored(8, 'title', ['Title'], ['Titel'])];
    const read = [
      { ...keyedUnit('files', ['{{count}} file', '{{count}} files']), target: ['', ''], state: UnitState.Empty },
      { ...keyedUnit('title', ['Title']), target: ['Titel'] },
    ];
    const file = [...read, keyedUnit('files[0]', ['{{count}} Datei']), keyedUnit('files[1]', ['{{count}} neue Dateien']), keyedUnit('menu[0]', ['x'])];
    const extra = formEntries(file, read);
    expect(extra.map((unit) => unit.context)).toEqual(['files[0]', 'files[1]']);
    const matched = matchUploadedUnits([...read, ...extra].map((unit) => ({ unit, idHash: unit.context === 'title' ? 'h8' : 'h?' })), rows, plurals);
    expect(summary(matched)).toEqual([[7, ['{{count}} Datei', '{{count}} neue Dateien']], [8, ['Titel']]]);
  });
});
