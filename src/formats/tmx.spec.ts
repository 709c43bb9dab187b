import { FormatError } from './translation-format';
import { readTmx, writeTmx } from './tmx';

const LIMITS = { maxPairs: 1000 };
const tmx = (body: string, header = '<header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">${header}<body>${body}</body></tmx>`);

describe('TMX', () => {
  it('reads one pair per target segment, with the source of the header language', () => {
    const file = tmx(`
      <tu><tuv xml:lang="en"><seg>Open &amp; close</seg></tuv><tuv xml:lang="cs"><seg>Otevřít a zavřít</seg></tuv><tuv xml:lang="de"><seg>Öffnen</seg></tuv></tu>
      <tu><tuv lang="EN"><seg>Save</seg></tuv><tuv lang="cs"><seg><bpt i="1">&lt;b&gt;</bpt>Uložit<ept i="1">&lt;/b&gt;</ept></seg></tuv></tu>`);
    expect(readTmx(file, LIMITS)).toEqual([
      { source: 'Open & close', target: 'Otevřít a zavřít', sourceLanguage: 'en', targetLanguage: 'cs' },
      { source: 'Open & close', target: 'Öffnen', sourceLanguage: 'en', targetLanguage: 'de' },
      { source: 'Save', target: '<b>Uložit</b>', sourceLanguage: 'EN', targetLanguage: 'cs' },
    ]);
  });

  it('takes a unit’s own srclang, and passes over units without the source language and empty segments', () => {
    const file = tmx(`
      <tu srclang="de"><tuv xml:lang="de"><seg>Hallo</seg></tuv><tuv xml:lang="cs"><seg>Ahoj</seg></tuv></tu>
      <tu><tuv xml:lang="fr"><seg>Bonjour</seg></tuv><tuv xml:lang="cs"><seg>Dobrý den</seg></tuv></tu>
      <tu><tuv xml:lang="en"><seg>Empty</seg></tuv><tuv xml:lang="cs"><seg></seg></tuv></tu>`);
    expect(readTmx(file, LIMITS)).toEqual([{ source: 'Hallo', target: 'Ahoj', sourceLanguage: 'de', targetLanguage: 'cs' }]);
  });

  it('refuses entity declarations (billion laughs, external entities) and undefined entities', () => {
    const laughs = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE tmx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&lol2;</seg></tuv><tuv xml:lang="cs"><seg>x</seg></tuv></tu></body></tmx>`);
    expect(() => readTmx(laughs, LIMITS)).toThrow('entity declarations are not allowed');
    const external = Buffer.from('<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><tmx><header srclang="en"/><body/></tmx>');
    expect(() => readTmx(external, LIMITS)).toThrow(FormatError);
    expect(() => readTmx(tmx('<tu><tuv xml:lang="en"><seg>&nbsp;</seg></tuv></tu>'), LIMITS)).toThrow('undefined entity');
  });

  it('refuses files that are no TMX, lack a source language or hold more pairs than allowed', () => {
    expect(() => readTmx(Buffer.from('<xliff version="1.2"/>'), LIMITS)).toThrow('not a TMX file');
    expect(() => readTmx(tmx('', '<header/>'), LIMITS)).toThrow('names no source language');
    expect(() => readTmx(Buffer.from('<tmx><header srclang="en"'), LIMITS)).toThrow(FormatError);
    const unit = '<tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="cs"><seg>b</seg></tuv></tu>';
    expect(readTmx(tmx(unit.repeat(3)), { maxPairs: 3 })).toHaveLength(3);
    expect(() => readTmx(tmx(unit.repeat(4)), { maxPairs: 3 })).toThrow('more than 3 translation pairs');
  });

  it('writes what it reads back, escaping markup and leaving out characters XML cannot carry', () => {
    const pairs = [
      { source: 'A <b>bold</b> & "quoted" move', target: 'Tučný <b>tah</b> & „citát“', sourceLanguage: 'en', targetLanguage: 'cs' },
      { source: 'Bell\x07 rings', target: 'Zvoní\x07', sourceLanguage: 'en', targetLanguage: 'pt_BR' },
    ];
    const written = writeTmx(pairs, 'en');
    expect(readTmx(written, LIMITS)).toEqual([pairs[0], { source: 'Bell rings', target: 'Zvoní', sourceLanguage: 'en', targetLanguage: 'pt_BR' }]);
  });
});
