import { changedLines } from './fixtures/fixture';
import { ACCEPTED, extractRealRepo, readIn, xmllintCheck } from './fixtures/toolchain';
import { TranslationUnit, UnitState } from './translation-format';
import { TsFormat } from './ts';

/** PCManFM-Qt's translations (real-repos/pcmanfmqt.tar.gz): Russian numerus messages hold three forms. */
describe('TsFormat numerus forms of a real project', () => {
  const format = new TsFormat();
  const pcmanfm = extractRealRepo('pcmanfmqt');
  const ru = readIn(pcmanfm, 'pcmanfm/translations/pcmanfm-qt_ru.ts');
  const base = readIn(pcmanfm, 'pcmanfm/translations/pcmanfm-qt.ts');
  const { units } = format.parse(ru);
  const items = units.find((unit) => unit.source[0] === '%n item')!;

  it('reads a numerus message as a plural: singular and plural source, every form of the translation', () => {
    expect(items.source).toEqual(['%n item', '%n items']);
    expect(items.target).toEqual(['%n объект', '%n объекта', '%n объектов']);
  });

  it('writes one edited form in place, keeping the other forms and every other message', () => {
    const target = ['%n объект', '%n объекта', '%n объектов всего'];
    const out = format.serialize(units.map((unit) => (unit === items ? { ...unit, target } : unit)), { original: ru, language: 'ru', pluralCount: 3 });
    expect(changedLines(ru, out)).toEqual({
      removed: ['            <numerusform>%n объектов</numerusform>'],
      added: ['            <numerusform>%n объектов всего</numerusform>'],
    });
    expect(format.parse(out).units.find((unit) => unit.id === items.id)!.target).toEqual(target);
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });

  it('makes a new translation from the base with its language and every numerus form', () => {
    const empty = format.parse(base).units.map((unit): TranslationUnit => ({
      ...unit,
      target: unit.source.length > 1 ? ['', '', ''] : [''],
      state: UnitState.Empty,
    }));
    const out = format.serialize(empty, { template: base, language: 'ru', pluralCount: 3 });
    expect(out.toString()).toMatch(/<TS [^>]*language="ru"/);
    const reread = format.parse(out);
    expect(reread.header.language).toBe('ru');
    expect(reread.units.find((unit) => unit.source[0] === '%n item')!.target).toEqual(['', '', '']);
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });
});
