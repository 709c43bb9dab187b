import { compileQuery } from '../units/search';
import { completionDetails, FILTER_QUERIES, selectionQuery } from './autotranslate-options';

describe('automatic translation options', () => {
  it('selects the unfinished strings unless told otherwise', () => {
    expect(selectionQuery({})).toBe('state:<translated');
  });

  it('takes q over filter_type, and an empty q as every string', () => {
    expect(selectionQuery({ q: 'has:comment', filter_type: 'fuzzy' })).toBe('has:comment');
    expect(selectionQuery({ q: '', filter_type: 'fuzzy' })).toBe('');
    expect(selectionQuery({ filter_type: 'nottranslated' })).toBe('state:empty');
  });

  it.each(Object.entries(FILTER_QUERIES))('turns filter_type %s into a search the unit search understands', (_name, query) => {
    expect(() => compileQuery(query)).not.toThrow();
  });

  it("says how many strings were updated in Weblate's words", () => {
    expect(completionDetails(0)).toBe('Automatic translation completed, no strings were updated.');
    expect(completionDetails(1)).toBe('Automatic translation completed, 1 string was updated.');
    expect(completionDetails(12)).toBe('Automatic translation completed, 12 strings were updated.');
  });
});
