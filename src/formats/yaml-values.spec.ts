import { parse } from 'yaml';
import { changedLines, withTarget } from './fixtures/fixture';
import { keyedUnit } from './units';
import { RubyYamlFormat } from './yaml';

/** Values a YAML 1.1 reader (Ruby's Psych, PyYAML) would read as something else than the string written. */
const AMBIGUOUS = ['yes', 'no', 'on', 'off', 'Yes', 'NO', 'y', 'null', '~', '1.0', '42', '0x1F', '2024-01-01', 'true'];

describe('RubyYamlFormat values and layout', () => {
  const format = new RubyYamlFormat();
  const en = Buffer.from('en:\n  answer: Yes please\n  title: Mail\n  items:\n  - first\n  - second\n');
  const ru = Buffer.from('ru:\n  title: Почта\n  items:\n  - один\n  - два\n');
  const options = { original: ru, template: en, language: 'ru' };
  const units = () => format.parse(ru, { template: en, language: 'ru' }).units;

  it.each(AMBIGUOUS)('writes %j so that YAML 1.1 and 1.2 readers read back the same string', (value) => {
    // Replaced in place (the key exists) and added (the key is new, the document is rebuilt).
    for (const id of ['title', 'answer']) {
      const out = format.serialize(withTarget(units(), id, [value]), options).toString();
      expect(parse(out, { version: '1.1' }).ru[id]).toBe(value);
      expect(parse(out).ru[id]).toBe(value);
    }
  });

  it('keeps the file\'s list indentation and every untouched line when a key is added', () => {
    const out = format.serialize([...units(), { ...keyedUnit('answer', ['Да']), target: ['Да'], state: 20 }], options);
    expect(changedLines(ru, out)).toEqual({ removed: [], added: ['  answer: Да'] });
  });

  it('keeps indented lists indented', () => {
    const indented = Buffer.from('ru:\n  title: Почта\n  items:\n    - один\n    - два\n');
    const out = format.serialize([...format.parse(indented, { template: en, language: 'ru' }).units, { ...keyedUnit('answer', ['Да']), target: ['Да'], state: 20 }], {
      original: indented, template: en, language: 'ru',
    });
    expect(changedLines(indented, out)).toEqual({ removed: [], added: ['  answer: Да'] });
  });
});
