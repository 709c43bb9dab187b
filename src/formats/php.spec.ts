import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { PhpFormat } from './php';
import { FormatError } from './translation-format';
import { keyedUnit } from './units';

const format = new PhpFormat();
const cs = fixture('php', 'cs.php');
const options = { original: cs, language: 'cs' };

describe('PhpFormat', () => {
  it('reads assignments, defines and (nested) array members with translate-toolkit key names', () => {
    expect(format.parse(cs).units.map((u) => [u.id, u.target, u.note])).toEqual([
      ["$LANG['title']", ['Ukázka'], 'Czech strings for the demo'],
      ['$LANG["quote"]', ['Řekl "ahoj" za $5'], ''],
      ["define('APP_NAME'", ['Aplikace'], ''],
      ["$settings->'save'", ['Uložit'], ''],
      ["$settings->'cancel'", ['Zrušit'], 'Button to cancel'],
      ["$settings->'limits'[]->'max'", ['Nejvíc'], ''],
      ["return[]->'welcome'", ['Vítejte'], ''],
    ]);
  });

  it('round-trips and rewrites a value in its own quote style', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, '$LANG["quote"]', ['Cena $10 "dnes"']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['$LANG["quote"] = "Řekl \\"ahoj\\" za \\$5";'],
      added: ['$LANG["quote"] = "Cena \\$10 \\"dnes\\"";'],
    });
  });

  it('removes entries with their comment and adds members inside their array', () => {
    const { units } = format.parse(cs);
    const kept = units.filter((u) => u.id !== "$settings->'cancel'");
    const out = format.serialize([...kept, keyedUnit("$settings->'limits'[]->'min'", ["Nejméně's"]), keyedUnit("$LANG['new']", ['Nový'])], options).toString();
    expect(out).not.toContain('cancel');
    expect(out).toContain("        'max' => 'Nejvíc',\n        'count' => 10,\n        'min' => 'Nejméně\\'s',\n    ],\n");
    expect(out.endsWith("];\n$LANG['new'] = 'Nový';\n")).toBe(true);
  });

  it('adds a comma after a last member that has none, also in one-line arrays', () => {
    const source = Buffer.from("<?php\n$a = ['x' => 'X' /* last */];\n");
    const out = format.serialize([...format.parse(source).units, keyedUnit("$a[]->'y'", ['Y'])], { original: source, language: 'cs' });
    expect(out.toString()).toBe("<?php\n$a = ['x' => 'X', /* last */'y' => 'Y', ];\n");
  });

  it('reports unterminated strings with their line', () => {
    expect(() => format.parse(Buffer.from("<?php\n$a['x'] = 'oops;\n"))).toThrow(new FormatError('unterminated string', 2, 11));
  });
});
