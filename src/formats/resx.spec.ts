import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { ResxFormat } from './resx';
import { keyedUnit } from './units';

const format = new ResxFormat();
const resx = fixture('resx', 'Resources.cs.resx');
const options = { original: resx, language: 'cs' };

describe('ResxFormat', () => {
  it('reads string data with comments as notes and skips typed resources', () => {
    expect(format.parse(resx).units.map((u) => [u.id, u.target, u.note])).toEqual([
      ['Greeting', ['Ahoj & vítejte'], 'Shown on start'],
      ['Farewell', ['Nashledanou'], ''],
    ]);
  });

  it('round-trips, patches one value, removes and appends data entries', () => {
    const { units } = format.parse(resx);
    expect(format.serialize(units, options).equals(resx)).toBe(true);
    const edited = format.serialize(withTarget(units, 'Farewell', ['Sbohem <3']), options);
    expect(changedLines(resx, edited)).toEqual({ removed: ['    <value>Nashledanou</value>'], added: ['    <value>Sbohem &lt;3</value>'] });
    const out = format.serialize([units[1], keyedUnit('New', ['Nový'], { note: 'n' })], options).toString();
    expect(out).not.toContain('Greeting');
    expect(out).toContain('  </data>\n  <data name="New" xml:space="preserve">\n    <value>Nový</value>\n    <comment>n</comment>\n  </data>\n</root>\n');
    expect(out).toContain('icon.png');
  });

  it('creates a new file with the resx headers', () => {
    const out = format.serialize([keyedUnit('A', ['B'])], { language: 'cs' });
    expect(format.parse(out).units.map((u) => [u.id, u.target])).toEqual([['A', ['B']]]);
    expect(out.toString()).toContain('<value>text/microsoft-resx</value>');
  });
});
