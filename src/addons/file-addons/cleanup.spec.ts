import { getFormat } from '../../formats/registry';
import { templateKeys, withoutStale } from './cleanup';

describe('withoutStale', () => {
  it('removes the keys the template lacks from a translation file, leaving the rest of it as it was', async () => {
    const format = getFormat('properties')!;
    const keys = await templateKeys(format, Buffer.from('hello=Hello\nbye=Bye\n'));
    const cs = Buffer.from('# Greeting\nhello = Ahoj\n# Gone from the template\nold = Staré\nbye = \n');
    expect((await withoutStale(format, cs, keys, 'cs'))!.toString()).toBe('# Greeting\nhello = Ahoj\nbye = \n');
  });

  it('finds nested JSON keys and plurals by the key the template gives them', async () => {
    const format = getFormat('i18nextv4')!;
    const keys = await templateKeys(format, Buffer.from('{"menu": {"open": "Open"}, "item_one": "{{count}} item", "item_other": "{{count}} items"}\n'));
    const cs = Buffer.from('{"menu": {"open": "Otevřít", "close": "Zavřít"}, "item_one": "{{count}} věc", "item_few": "{{count}} věci", "item_other": "{{count}} věcí"}\n');
    expect(JSON.parse((await withoutStale(format, cs, keys, 'cs'))!.toString())).toEqual({
      menu: { open: 'Otevřít' }, item_one: '{{count}} věc', item_few: '{{count}} věci', item_other: '{{count}} věcí',
    });
  });

  it('is null when the file has no key the template lacks', async () => {
    const format = getFormat('yaml')!;
    const keys = await templateKeys(format, Buffer.from('a: A\nb: B\n'));
    expect(await withoutStale(format, Buffer.from('b: Bé\n'), keys, 'cs')).toBeNull();
  });
});
