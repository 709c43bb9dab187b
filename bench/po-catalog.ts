import { seeded, sentence, vocabulary } from './words';

/**
 * A realistic gettext catalogue, as xgettext and translators leave it: every string has source references (`#:`),
 * some a context (`msgctxt`) or an extracted comment (`#.`), a fifth are printf formats (`#, c-format`), and of the
 * strings 10 % are plurals, 5 % fuzzy and 15 % untranslated. Sources are unique (two words chosen by the index
 * end each one); translations keep the placeholders, so `msgfmt --check` accepts the file.
 */
interface Entry {
  context?: string;
  comment?: string;
  references: string;
  format: boolean;
  source: string;
  plural?: string;
  /** One form, or three for a plural (Czech); empty when untranslated. */
  targets: string[];
  fuzzy: boolean;
}

const WORDS = vocabulary(3000);
const CONTEXTS = ['menu', 'button', 'tooltip', 'dialog title', 'status bar', 'noun', 'verb'];
const PLURAL_FORMS = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;';

/** Entries `offset` … `offset + count - 1`; the same index always gives the same entry. */
export function entries(count: number, offset = 0): Entry[] {
  const random = seeded(12345 + offset);
  const result: Entry[] = [];
  for (let i = offset; i < offset + count; i++) {
    const unique = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]}`;
    const kind = random();
    const plural = kind < 0.1;
    const format = plural || kind < 0.3;
    const words = sentence(WORDS, random, 2 + Math.floor(random() * 8));
    const base = `${words[0].toUpperCase()}${words.slice(1)} ${unique}`;
    const source = plural ? `${base}: %d item` : format ? `${base} %s` : base;
    const state = random();
    const translate = (text: string) => sentence(WORDS, random, 2 + Math.floor(random() * 8)) + text.slice(text.lastIndexOf(' '));
    const targets = state < 0.15 ? (plural ? ['', '', ''] : ['']) : plural ? [`${translate(base)}: %d položka`, `${translate(base)}: %d položky`, `${translate(base)}: %d položek`] : [format ? `${translate(base)} %s` : translate(base)];
    result.push({
      context: random() < 0.08 ? CONTEXTS[i % CONTEXTS.length] : undefined,
      comment: random() < 0.3 ? `Translators: ${sentence(WORDS, random, 6)}` : undefined,
      references: `src/${WORDS[i % 97]}/${WORDS[i % 89]}.c:${10 + (i % 900)}${random() < 0.2 ? ` src/ui/${WORDS[i % 53]}.c:${i % 400}` : ''}`,
      format,
      source,
      plural: plural ? `${base}: %d items` : undefined,
      targets,
      fuzzy: state >= 0.15 && state < 0.2,
    });
  }
  return result;
}

/** The PO file of `language` (`null`: the POT template); `empty` leaves every msgstr empty, with no fuzzy flags. */
export function render(list: Entry[], language: string | null, empty = false): string {
  const parts = [header(language)];
  for (const entry of list) {
    const flags = [...(entry.fuzzy && language && !empty ? ['fuzzy'] : []), ...(entry.format ? ['c-format'] : [])];
    parts.push(
      '\n',
      entry.comment ? `#. ${entry.comment}\n` : '',
      `#: ${entry.references}\n`,
      flags.length ? `#, ${flags.join(', ')}\n` : '',
      entry.context ? `msgctxt "${entry.context}"\n` : '',
      `msgid "${entry.source}"\n`,
    );
    const target = (index: number) => (language && !empty ? entry.targets[index] : '');
    if (entry.plural) {
      parts.push(`msgid_plural "${entry.plural}"\n`);
      const forms = language ? 3 : 2;
      for (let form = 0; form < forms; form++) parts.push(`msgstr[${form}] "${target(form)}"\n`);
    } else {
      parts.push(`msgstr "${target(0)}"\n`);
    }
  }
  return parts.join('');
}

function header(language: string | null): string {
  const fields = [
    'Project-Id-Version: bench 1.0',
    'Report-Msgid-Bugs-To: bench@example.com',
    'POT-Creation-Date: 2025-01-01 00:00+0000',
    'PO-Revision-Date: 2025-01-02 00:00+0000',
    'Last-Translator: Bench <bench@example.com>',
    `Language-Team: ${language ?? 'en'} <bench@example.com>`,
    `Language: ${language ?? 'en'}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    `Plural-Forms: ${language ? PLURAL_FORMS : 'nplurals=2; plural=(n != 1);'}`,
  ];
  return `msgid ""\nmsgstr ""\n${fields.map((field) => `"${field}\\n"`).join('\n')}\n`;
}

/** Counts of what a rendered translation holds, to check what the server reports against. */
export function census(list: Entry[]): { translated: number; fuzzy: number; untranslated: number } {
  const untranslated = list.filter((entry) => entry.targets[0] === '').length;
  const fuzzy = list.filter((entry) => entry.fuzzy).length;
  return { translated: list.length - untranslated - fuzzy, fuzzy, untranslated };
}
