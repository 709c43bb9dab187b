import type { DiscoveryConfiguration } from './discovery-configuration';
import { discoveredFiles, freeName, slugify } from './discovered-component';

const CONFIGURATION: DiscoveryConfiguration = {
  match: '', file_format: 'json', name_template: 'Docs: {{ component }}', base_file_template: 'docs/{{ component }}/en.json',
  new_base_template: '', intermediate_template: '', language_regex: '^[^.]+$', copy_addons: true, remove: false,
};

describe('discoveredFiles', () => {
  it('renders the templates with the groups of the first file', () => {
    expect(discoveredFiles(CONFIGURATION, { mask: 'docs/guide/*.json', groups: { component: 'guide', language: 'cs' }, files: [] })).toEqual({
      name: 'Docs: guide', filemask: 'docs/guide/*.json', template: 'docs/guide/en.json', newBase: '', intermediate: '', fileFormat: 'json', languageRegex: '^[^.]+$',
    });
  });
});

describe('freeName', () => {
  it('keeps a free name', () => {
    expect(freeName('Guide', [{ name: 'App', slug: 'app' }])).toEqual({ name: 'Guide', slug: 'guide' });
  });

  it('adds the first free number when the name or the slug is taken, as Weblate does', () => {
    const taken = [{ name: 'Guide', slug: 'other' }, { name: 'x', slug: 'guide-1' }];
    expect(freeName('Guide', taken)).toEqual({ name: 'Guide 2', slug: 'guide-2' });
  });

  it('gives none for a name without any letter or digit', () => {
    expect(freeName('???', [])).toBeNull();
  });
});

describe('slugify', () => {
  it('does what Django does', () => {
    expect(slugify(' Čeština: the  App_name! ')).toBe('cestina-the-app_name');
  });
});
