import RE2 from 're2';
import { FILE_FORMATS } from '../../components/component-defaults';
import { ValidationError } from '../../core/errors/domain-error';
import { regularExpressionProblem } from '../../core/validation/regular-expression';
import { getFormat } from '../../formats/registry';
import { renderMessage } from '../../working-copies/commit-message';
import { configurationProblem } from '../../core/validation/configuration-schema';
import { groupNames, patternSource } from './discovery-pattern';

/** The stored configuration of weblate.discovery.discovery, as Weblate's DiscoveryForm names it. */
export interface DiscoveryConfiguration {
  match: string;
  file_format: string;
  name_template: string;
  base_file_template: string;
  new_base_template: string;
  intermediate_template: string;
  language_regex: string;
  copy_addons: boolean;
  remove: boolean;
}

const TEMPLATE = { type: 'string', maxLength: 400, default: '' };

export const DISCOVERY_SCHEMA = {
  type: 'object' as const,
  properties: {
    match: { type: 'string', minLength: 1, maxLength: 2000 },
    file_format: { type: 'string', enum: FILE_FORMATS },
    name_template: { type: 'string', minLength: 1, maxLength: 400, default: '{{ component }}' },
    base_file_template: TEMPLATE,
    new_base_template: TEMPLATE,
    intermediate_template: TEMPLATE,
    language_regex: { type: 'string', minLength: 1, maxLength: 200, default: '^[^.]+$' },
    copy_addons: { type: 'boolean', default: true },
    remove: { type: 'boolean', default: false },
    // Weblate's form asks to confirm a preview of the matches; its API never does (below).
    confirm: { type: 'boolean' },
  },
  required: ['match', 'file_format'],
  additionalProperties: false as const,
};

/** The named groups a match must define; others are free, and all are variables of the templates. */
const REQUIRED_GROUPS = ['component', 'language'];
const TEMPLATES = ['name_template', 'base_file_template', 'new_base_template', 'intermediate_template'] as const;
/** Distinct component names: a template that renders the same for all of them would give every component one name or file. */
const SENTINELS = ['alpha', 'bravo12', 'charlie_xyz'];

/**
 * The checks Weblate's DiscoveryForm makes beyond the schema, and what is stored. `confirm` is dropped: Weblate's
 * form demands it only from its HTML page (form data, after showing a preview), while its API installs the add-on
 * with or without it and stores the configuration without it; this server has no preview, so does the same.
 */
export function refineDiscoveryConfiguration(raw: Record<string, unknown>): Record<string, unknown> {
  const { confirm: _confirm, ...configuration } = raw as unknown as DiscoveryConfiguration & { confirm?: boolean };
  const problems: { field: string; message: string }[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const matchProblem = regularExpressionProblem(patternSource(configuration.match));
  const groups = groupNames(configuration.match);
  if (matchProblem) problem('match', matchProblem);
  const missing = matchProblem ? [] : REQUIRED_GROUPS.filter((name) => !groups.has(name));
  for (const group of missing) problem('match', `Regular expression is missing named group "${group}", the simplest way to define it is (?P<${group}>.*).`);
  const languageProblem = regularExpressionProblem(configuration.language_regex);
  if (languageProblem) problem('language_regex', languageProblem);
  else if (new RE2(configuration.language_regex, 'u').test('')) problem('language_regex', 'The regular expression can not match an empty string.');

  for (const field of TEMPLATES) {
    const template = configuration[field];
    if (template && !dependsOnComponent(template, groups)) problem(field, 'This template must include {{ component }}.');
  }
  if (getFormat(configuration.file_format)?.monolingual && !configuration.base_file_template) {
    problem('base_file_template', 'You can not use a monolingual translation without a base file.');
  }
  if (problems.length) throw new ValidationError(problems.map(({ field, message }) => configurationProblem(field, message)));
  return configuration as unknown as Record<string, unknown>;
}

function dependsOnComponent(template: string, groups: ReadonlySet<string>): boolean {
  const others = Object.fromEntries([...groups].map((name) => [name, 'test']));
  return new Set(SENTINELS.map((component) => renderMessage(template, { ...others, component }))).size > 1;
}
