import { CHECK_NAMES, failsEnforced, runChecks } from '.';

describe('runChecks', () => {
  it('reports every failing check of a unit, in registry order', () => {
    const failing = runChecks({
      source: ['Deleted %d files.'],
      target: ['Deleted %s files'],
      flags: 'c-format',
      pluralCount: 2,
      languageCode: 'de',
    });
    expect(failing).toEqual(['end_stop', 'c_format']);
  });

  it('does not check untranslated or read-only units', () => {
    const unit = { source: ['Save'], flags: '', pluralCount: 2, languageCode: 'de' };
    expect(runChecks({ ...unit, target: [''] })).toEqual([]);
    expect(runChecks({ ...unit, target: [] })).toEqual([]);
    expect(runChecks({ ...unit, target: ['Save'] })).toEqual(['same']);
    expect(runChecks({ ...unit, target: ['Save'], flags: 'read-only' })).toEqual([]);
  });

  it('turns everything off with ignore-all-checks', () => {
    const unit = { source: ['File name:'], target: ['File name'], pluralCount: 2, languageCode: 'de' };
    expect(runChecks({ ...unit, flags: '' })).toEqual(['end_colon']);
    expect(runChecks({ ...unit, flags: 'ignore-all-checks' })).toEqual([]);
  });
});

describe('CHECK_NAMES', () => {
  it('names every check by its Weblate id', () => {
    expect(CHECK_NAMES).toMatchObject({
      same: 'Unchanged translation',
      end_stop: 'Mismatched full stop',
      plurals: 'Missing plurals',
      c_format: 'C format',
      'max-length': 'Maximum length of translation',
      placeholders: 'Placeholders',
    });
    expect(Object.isFrozen(CHECK_NAMES)).toBe(true);
  });
});

describe('failsEnforced', () => {
  it('is true only when an enforced check fails', () => {
    expect(failsEnforced(['same', 'end_stop'], ['c_format', 'end_stop'])).toBe(true);
    expect(failsEnforced(['same'], ['c_format'])).toBe(false);
    expect(failsEnforced([], ['c_format'])).toBe(false);
  });
});
