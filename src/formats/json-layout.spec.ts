import { layoutJson } from './json-layout';
import { JsonFormat } from './json';

/** Expected texts are what Python's json.dumps writes for the same document (Weblate's customize add-on calls it). */
describe('layoutJson', () => {
  const file = Buffer.from('{"b": {"10": "Ten", "2": "Two", "a": [1, "x", {}]}, "a": "\\u00e9", "empty": []}\n');

  it('sorts the members of every object by name when asked, numeric names included, as sort_keys does', () => {
    const out = layoutJson(file, { indent: 2, style: 'spaces', sortKeys: true })!;
    expect(out.toString()).toBe('{\n  "a": "é",\n  "b": {\n    "10": "Ten",\n    "2": "Two",\n    "a": [\n      1,\n      "x",\n      {}\n    ]\n  },\n  "empty": []\n}\n');
  });

  it('keeps member order otherwise (a plain object would put "10" and "2" first)', () => {
    const out = layoutJson(file, { indent: 1, style: 'tabs', sortKeys: false })!;
    expect(out.toString()).toBe('{\n\t"b": {\n\t\t"10": "Ten",\n\t\t"2": "Two",\n\t\t"a": [\n\t\t\t1,\n\t\t\t"x",\n\t\t\t{}\n\t\t]\n\t},\n\t"a": "é",\n\t"empty": []\n}\n');
  });

  it('puts members on lines of their own, unindented, with an indent of 0', () => {
    const out = layoutJson(file, { indent: 0, style: 'spaces', sortKeys: false })!;
    expect(out.toString()).toBe('{\n"b": {\n"10": "Ten",\n"2": "Two",\n"a": [\n1,\n"x",\n{}\n]\n},\n"a": "é",\n"empty": []\n}\n');
  });

  it('ends the file with a line break, as translate-toolkit writes it', () => {
    expect(layoutJson(Buffer.from('{"a": "A"}'), { indent: 4, style: 'spaces', sortKeys: false })!.toString()).toBe('{\n    "a": "A"\n}\n');
  });

  it('is null for a file already in the layout, and keeps DOS line breaks and a BOM', () => {
    const laid = layoutJson(file, { indent: 4, style: 'spaces', sortKeys: false })!;
    expect(layoutJson(laid, { indent: 4, style: 'spaces', sortKeys: false })).toBeNull();
    const dos = Buffer.from('\ufeff{\r\n  "b": "B",\r\n  "a": "A"\r\n}\r\n');
    expect(layoutJson(dos, { indent: 2, style: 'spaces', sortKeys: true })!.toString()).toBe('\ufeff{\r\n  "a": "A",\r\n  "b": "B"\r\n}\r\n');
  });

  it('leaves a file the JSON format keeps in that layout when it adds a key', () => {
    const laid = layoutJson(file, { indent: 0, style: 'spaces', sortKeys: false })!;
    const format = new JsonFormat();
    const units = [...format.parse(laid).units, { ...format.parse(Buffer.from('{"new": "New"}')).units[0] }];
    const out = format.serialize(units, { original: laid, language: 'cs' });
    expect(out.toString()).toBe('{\n"b": {\n"10": "Ten",\n"2": "Two",\n"a": [\n1,\n"x",\n{}\n]\n},\n"a": "é",\n"empty": [],\n"new": "New"\n}\n');
  });
});
