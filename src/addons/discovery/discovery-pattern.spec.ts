import RE2 from 're2';
import { DiscoveryPattern, groupNames, matchComponents } from './discovery-pattern';

const ANY_LANGUAGE = new RE2('^[^.]+$', 'u');

describe('DiscoveryPattern', () => {
  it('gives the file mask with the language replaced by *, and the named groups', () => {
    const pattern = new DiscoveryPattern('locale/(?P<component>[^/]+)/(?P<language>[^/.]+)\\.po', ANY_LANGUAGE);
    expect(pattern.match('locale/docs/cs.po')).toEqual({ path: 'locale/docs/cs.po', groups: { component: 'docs', language: 'cs' }, mask: 'locale/docs/*.po' });
  });

  it('matches the whole path only', () => {
    const pattern = new DiscoveryPattern('(?P<component>[^/]+)/(?P<language>[^/.]+)\\.po', ANY_LANGUAGE);
    expect(pattern.match('src/docs/cs.po')).toBeNull();
    expect(pattern.match('docs/cs.po.bak')).toBeNull();
  });

  it('leaves out languages the language filter refuses', () => {
    const pattern = new DiscoveryPattern('(?P<component>[^/]+)/(?P<language>[^/]+)\\.po', ANY_LANGUAGE);
    expect(pattern.match('docs/cs.old.po')).toBeNull();
    expect(pattern.match('docs/cs_CZ.po')?.groups.language).toBe('cs_CZ');
  });

  it('takes (?P=language) as Weblate does: every repetition equals the language and becomes * in the mask', () => {
    const pattern = new DiscoveryPattern('locale/(?P<language>[^/.]+)/(?P<component>[^/]+)/(?P=language)\\.po', ANY_LANGUAGE);
    expect(pattern.match('locale/cs/app/cs.po')).toEqual({ path: 'locale/cs/app/cs.po', groups: { language: 'cs', component: 'app' }, mask: 'locale/*/app/*.po' });
    expect(pattern.match('locale/cs/app/de.po')).toBeNull();
  });

  it('copies a language group holding parentheses and classes whole', () => {
    const pattern = new DiscoveryPattern('(?P<component>[a-z]+)-(?P<language>([a-z]{2})(_[A-Z)]{2})?)/(?P=language)\\.json', ANY_LANGUAGE);
    expect(pattern.match('app-pt_BR/pt_BR.json')?.mask).toBe('app-*/*.json');
    expect(pattern.match('app-pt_BR/pt.json')).toBeNull();
  });

  it('refuses what RE2 cannot run (look-around) when compiled', () => {
    expect(() => new DiscoveryPattern('(?P<component>x)(?=y)(?P<language>z)', ANY_LANGUAGE)).toThrow();
  });
});

describe('groupNames', () => {
  it('lists the named groups in both syntaxes, not escaped parentheses', () => {
    expect([...groupNames('(?P<component>a)/(?<language>b)/\\(?P<not>c\\)')]).toEqual(['component', 'language']);
  });
});

describe('matchComponents', () => {
  it('groups the files by their mask, named after the first file in path order', () => {
    const pattern = new DiscoveryPattern('(?P<component>[^/]+)/(?P<language>[^/.]+)\\.po', ANY_LANGUAGE);
    expect(matchComponents(pattern, ['web/de.po', 'docs/de.po', 'README.md', 'docs/cs.po'])).toEqual([
      { mask: 'docs/*.po', groups: { component: 'docs', language: 'cs' }, files: ['docs/cs.po', 'docs/de.po'] },
      { mask: 'web/*.po', groups: { component: 'web', language: 'de' }, files: ['web/de.po'] },
    ]);
  });
});
