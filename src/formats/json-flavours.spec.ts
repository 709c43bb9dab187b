import { ArbFormat } from './arb';
import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { GoI18nJsonFormat } from './go-i18n-json';
import { WebExtensionFormat } from './webextension';
import { keyedUnit } from './units';

describe('WebExtensionFormat', () => {
  const format = new WebExtensionFormat();
  const messages = fixture('webextension', 'messages.json');

  it('reads messages with descriptions as notes', () => {
    expect(format.parse(messages).units.map((u) => [u.id, u.target, u.note])).toEqual([
      ['extensionName', ['Notify Link Clicks'], 'Name of the extension.'],
      ['notificationContent', ['You clicked $URL$.'], 'Tells the user which link they clicked.'],
    ]);
  });

  it('patches the message in place, keeps tabs and placeholders, and adds new messages with their description', () => {
    const { units } = format.parse(messages);
    expect(format.serialize(units, { original: messages, language: 'en' }).equals(messages)).toBe(true);
    const edited = format.serialize(withTarget(units, 'extensionName', ['Benachrichtigung']), { original: messages, language: 'de' });
    expect(changedLines(messages, edited)).toEqual({
      removed: ['\t\t"message": "Notify Link Clicks",'],
      added: ['\t\t"message": "Benachrichtigung",'],
    });
    const added = format.serialize([...units, keyedUnit('extra', ['Extra'], { note: 'More' })], { original: messages, language: 'en' });
    expect(added.toString()).toContain('\t},\n\t"extra": {\n\t\t"message": "Extra",\n\t\t"description": "More"\n\t}\n}\n');
    expect(JSON.parse(added.toString()).notificationContent.placeholders.url.content).toBe('$1');
  });
});

describe('ArbFormat', () => {
  const format = new ArbFormat();
  const arb = fixture('arb', 'app_en.arb');

  it('reads messages, skipping @ metadata and using its description as the note', () => {
    expect(format.parse(arb).units.map((u) => [u.id, u.note])).toEqual([
      ['helloWorld', 'The conventional newborn programmer greeting'],
      ['itemCount', ''],
    ]);
  });

  it('round-trips, and sets @@locale when a translation is made from the template', () => {
    const { units } = format.parse(arb);
    expect(format.serialize(units, { original: arb, language: 'en' }).equals(arb)).toBe(true);
    const out = format.serialize(withTarget(units, 'helloWorld', ['Hallo Welt!']), { template: arb, language: 'de' });
    expect(changedLines(arb, out)).toEqual({
      removed: ['  "@@locale": "en",', '  "helloWorld": "Hello World!",'],
      added: ['  "@@locale": "de",', '  "helloWorld": "Hallo Welt!",'],
    });
  });

  it('drops a message together with its metadata', () => {
    const { units } = format.parse(arb);
    const out = JSON.parse(format.serialize(units.slice(1), { original: arb, language: 'en' }).toString());
    expect(Object.keys(out)).toEqual(['@@locale', 'itemCount', '@itemCount']);
  });
});

describe('GoI18nJsonFormat', () => {
  const format = new GoI18nJsonFormat();
  const en = fixture('go-i18n-json', 'en.json');

  it('reads ids with plain and plural translations', () => {
    expect(format.parse(en).units.map((u) => [u.id, u.target])).toEqual([
      ['greeting', ['Hello']],
      ['unread', ['You have {{.Count}} unread email.', 'You have {{.Count}} unread emails.']],
    ]);
    expect(format.serialize(format.parse(en).units, { original: en, language: 'en' }).equals(en)).toBe(true);
  });

  it('writes forms under the language\'s categories, keeps a category it lacks and removes entries', () => {
    const units = format.parse(en).units;
    const out = format.serialize(withTarget(units.slice(1), 'unread', ['a', 'b', 'c']), {
      original: en,
      language: 'ru',
      pluralCategories: ['one', 'few', 'many'],
    });
    expect(JSON.parse(out.toString())).toEqual([{ id: 'unread', translation: { one: 'a', few: 'b', many: 'c', other: 'You have {{.Count}} unread emails.' } }]);
  });
});
