import { MemoryFileError, memoryFileOrigin, readMemoryFile } from './memory-files';

const OPTIONS = { maxEntries: 100 };
const PO = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: cs\\n"
"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"

msgid "Open"
msgstr "Otevřít"

#, fuzzy
msgid "Close"
msgstr "Zavřít"

msgid "Empty"
msgstr ""

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "%d soubor"
msgstr[1] "%d soubory"
msgstr[2] "%d souborů"
`;

describe('memory files', () => {
  it('reads Weblate’s memory JSON export, whatever its origin and category', async () => {
    const json = JSON.stringify([
      { source: 'Hello', target: 'Ahoj', source_language: 'en', target_language: 'cs', origin: 'other/app', category: 10000002, context: '', status: 1 },
    ]);
    expect(await readMemoryFile('export.json', Buffer.from(json), OPTIONS)).toEqual([{ source: 'Hello', target: 'Ahoj', sourceLanguage: 'en', targetLanguage: 'cs' }]);
  });

  it('refuses JSON that is not a list of entries with string fields, or too long', async () => {
    const read = (content: string, options = OPTIONS) => readMemoryFile('m.json', Buffer.from(content), options);
    await expect(read('{')).rejects.toThrow(/^Could not parse JSON file: /);
    await expect(read('{"source": "a"}')).rejects.toThrow('expected a list of memory entries');
    await expect(read('[{"source": "a", "target": 1, "source_language": "en", "target_language": "cs"}]')).rejects.toThrow('entry 0: "target" must be a string');
    await expect(read('[1]')).rejects.toThrow('entry 0: "source" must be a string');
    const entry = { source: 'a', target: 'b', source_language: 'en', target_language: 'cs' };
    await expect(read(JSON.stringify([entry, entry]), { maxEntries: 1 })).rejects.toThrow('more than 1 translation pairs');
  });

  it('reads the translated strings of a PO file, plurals joined as the memory stores them', async () => {
    const entries = await readMemoryFile('cs.po', Buffer.from(PO), { ...OPTIONS, sourceLanguage: 'en' });
    expect(entries).toEqual([
      { source: 'Open', target: 'Otevřít', sourceLanguage: 'en', targetLanguage: 'cs' },
      { source: '%d file\x1e\x1e%d files', target: '%d soubor\x1e\x1e%d soubory\x1e\x1e%d souborů', sourceLanguage: 'en', targetLanguage: 'cs' },
    ]);
    await expect(readMemoryFile('cs.po', Buffer.from(PO), OPTIONS)).rejects.toThrow(MemoryFileError);
  });

  it('refuses other extensions and names the supported ones', async () => {
    await expect(readMemoryFile('memory.xlsx', Buffer.from(''), OPTIONS)).rejects.toThrow('Unsupported file extension: .xlsx; use .tmx, .json, .po.');
    await expect(readMemoryFile('memory', Buffer.from(''), OPTIONS)).rejects.toThrow('Unsupported file extension: (none)');
  });

  it('names entries after the file, in lower case, a long name shortened as Weblate does', () => {
    expect(memoryFileOrigin('/tmp/Upload/Glossary.TMX')).toBe('glossary.tmx');
    expect(memoryFileOrigin('a-very-long-translation-memory-name.tmx')).toBe('a-very-long-translation-m....tmx');
  });
});
