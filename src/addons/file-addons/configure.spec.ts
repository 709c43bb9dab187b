import { updateAllLinguas } from './configure';

const update = (text: string, codes: string[]) => updateAllLinguas(Buffer.from(text, 'latin1'), codes)?.toString('latin1') ?? null;

describe('updateAllLinguas (weblate.gettext.configure)', () => {
  it('lists the codes sorted in ALL_LINGUAS and leaves the rest of the script', () => {
    const script = 'AC_INIT([app], [1.0])\nALL_LINGUAS="cs"\nAM_GNU_GETTEXT([external])\n';
    expect(update(script, ['de', 'cs', 'pt_BR'])).toBe('AC_INIT([app], [1.0])\nALL_LINGUAS="cs de pt_BR"\nAM_GNU_GETTEXT([external])\n');
  });

  it('answers null when the list is already right', () => {
    expect(update('ALL_LINGUAS="cs de"\n', ['de', 'cs'])).toBeNull();
  });

  it('answers null for a script without ALL_LINGUAS', () => {
    expect(update('AC_INIT([app], [1.0])\nLINGUAS="cs"\n', ['cs', 'de'])).toBeNull();
  });

  it('leaves commented-out assignments and keeps indentation and what follows the value', () => {
    const script = '# ALL_LINGUAS="xx"\nif true; then\n  ALL_LINGUAS="cs" # translations\nfi\n';
    expect(update(script, ['cs', 'de'])).toBe('# ALL_LINGUAS="xx"\nif true; then\n  ALL_LINGUAS="cs de" # translations\nfi\n');
  });

  it('replaces a value spanning lines and every assignment of the script', () => {
    const script = 'ALL_LINGUAS="cs \\\n de"\nAC_OUTPUT\nALL_LINGUAS=""\n';
    expect(update(script, ['fr'])).toBe('ALL_LINGUAS="fr"\nAC_OUTPUT\nALL_LINGUAS="fr"\n');
  });

  it('keeps bytes of other encodings and CRLF line ends as they were', () => {
    const script = Buffer.from('# Autor: Michal Čihař\r\nALL_LINGUAS="cs"\r\n', 'utf8');
    expect(updateAllLinguas(script, ['cs', 'de'])?.toString('utf8')).toBe('# Autor: Michal Čihař\r\nALL_LINGUAS="cs de"\r\n');
  });
});
