import { getFormat } from '../formats';
import { FILE_FORMATS } from './component-defaults';

describe('FILE_FORMATS', () => {
  it('holds exactly the formats the server reads, so a component can never name one it cannot set up', () => {
    expect(FILE_FORMATS.filter((id) => !getFormat(id))).toEqual([]);
    expect(FILE_FORMATS).toEqual(expect.arrayContaining(['po', 'ruby-yaml', 'i18nextv4', 'properties-utf8']));
    for (const unread of ['fluent', 'go-i18n-toml', 'laravel']) expect(FILE_FORMATS).not.toContain(unread);
  });
});
