import type { EventName } from '../events/events';
import { ChangeAction } from '../changes/change-actions';
import { ValidationError } from '../core/errors/domain-error';
import { DISCOVERY_SCHEMA, refineDiscoveryConfiguration } from './discovery/discovery-configuration';
import type { ConfigurationRefinement, ConfigurationSchema } from '../core/validation/configuration-schema';

/**
 * What an add-on runs on: the events of the backbone (events/events.ts), the daily run, and the working-copy
 * pipeline's hooks (working-copy-addons.ts): before each commit, once an update is merged (Weblate's post-update,
 * which runs before the files are read), and before each push.
 */
type AddonEvent = EventName | 'daily' | 'repository.pre-commit' | 'repository.merged' | 'repository.pre-push';

/** The component facts compatibility depends on. */
interface ComponentFacts {
  fileFormat: string;
  editTemplate: boolean;
  template: string;
  newBase: string;
  linkedComponentId: number | null;
}

export interface AddonDefinition {
  name: string;
  /** Several instances on one component, project or the site (Weblate's `multiple`); otherwise one. */
  multiple: boolean;
  events: readonly AddonEvent[];
  /** Its configuration; defaults fill in what a request leaves out. */
  schema: ConfigurationSchema;
  /** Configuration fields only those who manage the add-on see (a webhook's secret). */
  secretFields?: readonly string[];
  /** Configuration fields naming a URL the server sends requests to: held to the repository URL policy. */
  urlFields?: readonly string[];
  /** Configuration fields naming translations of its component by id (such an add-on is `componentOnly`). */
  translationFields?: readonly string[];
  /** Configuration fields listing label names of its project. */
  labelFields?: readonly string[];
  /** Configuration fields holding a unit search (`q`), which must parse. */
  queryFields?: readonly string[];
  /** Configuration fields holding flags to add or remove (held to the unit API's extra_flags rules). */
  flagFields?: readonly string[];
  /** Why it cannot run on a component, or null (Weblate's `can_install`). */
  incompatibility?: (component: ComponentFacts) => string | null;
  /** Only on a component, never project-wide or site-wide (Weblate's `needs_component`). */
  componentOnly?: boolean;
  refine?: ConfigurationRefinement;
}

const NO_CONFIGURATION: ConfigurationSchema = { type: 'object', properties: {}, additionalProperties: false };

/** Formats whose own fuzzy flag the flag add-ons would fight with (Weblate's FlagBase.can_install). */
const FUZZY_FORMATS = new Set(['ts', 'po', 'po-mono']);

/** Weblate's gettext add-ons (GettextBaseAddon) run on PO files only. */
const gettextIncompatibility = (component: ComponentFacts) =>
  component.fileFormat === 'po' || component.fileFormat === 'po-mono' ? null : 'it works on gettext PO files only.';

/** Weblate's BaseCleanupAddon: entries can go only where a template keeps the strings. */
const templateIncompatibility = (component: ComponentFacts) => (component.template ? null : 'it needs a monolingual component with a template.');

/** Weblate's add-ons that lay out one family of formats (their `compat` on `file_format`). */
const formatsIncompatibility = (family: string, formats: readonly string[]) => (component: ComponentFacts) =>
  formats.includes(component.fileFormat) ? null : `it works on ${family} files only.`;

const flagIncompatibility = (component: ComponentFacts) =>
  FUZZY_FORMATS.has(component.fileFormat) ? `the ${component.fileFormat} format marks strings needing editing itself.` : null;

/**
 * The add-ons this server runs. They act on the database (strings, states, flags, labels, comments), send
 * webhooks, or write the repository's files through the working-copy pipeline; the others are in UNAVAILABLE.
 */
export const ADDONS: readonly AddonDefinition[] = [
  {
    name: 'weblate.flags.source_edit',
    multiple: false,
    events: ['unit.post-create'],
    schema: NO_CONFIGURATION,
    incompatibility: (component) =>
      flagIncompatibility(component) ?? (component.editTemplate ? null : 'its source strings are not editable (edit_template is off).'),
  },
  { name: 'weblate.flags.target_edit', multiple: false, events: ['unit.post-create'], schema: NO_CONFIGURATION, incompatibility: flagIncompatibility },
  { name: 'weblate.flags.same_edit', multiple: false, events: ['unit.post-create'], schema: NO_CONFIGURATION, incompatibility: flagIncompatibility },
  { name: 'weblate.generate.prefill', multiple: true, events: ['component.update', 'repository.post-update', 'daily'], schema: NO_CONFIGURATION },
  { name: 'weblate.generate.fill_read_only', multiple: true, events: ['component.update', 'repository.post-update', 'daily'], schema: NO_CONFIGURATION },
  {
    name: 'weblate.generate.pseudolocale',
    multiple: true,
    // As prefill: the files are read again after an update from upstream (post-update), or a file scan (component update).
    events: ['component.update', 'repository.post-update', 'daily'],
    translationFields: ['source', 'target'],
    componentOnly: true,
    schema: {
      type: 'object',
      properties: {
        source: { type: 'integer' },
        target: { type: 'integer' },
        prefix: { type: 'string', maxLength: 200, default: '' },
        var_prefix: { type: 'string', maxLength: 200, default: '' },
        suffix: { type: 'string', maxLength: 200, default: '' },
        var_suffix: { type: 'string', maxLength: 200, default: '' },
        // Bounded so that no string grows past what a translation file should hold.
        var_multiplier: { type: 'number', minimum: 0, maximum: 10, default: 0.1 },
        include_readonly: { type: 'boolean', default: false },
      },
      required: ['source', 'target'],
      additionalProperties: false,
    },
    refine: (configuration) => {
      if (configuration.source === configuration.target) throw ValidationError.field('configuration', 'The source and target have to be different languages.');
      return configuration;
    },
  },
  {
    name: 'weblate.flags.bulk',
    multiple: true,
    events: ['component.update', 'repository.post-update'],
    labelFields: ['add_labels', 'remove_labels'],
    queryFields: ['q'],
    flagFields: ['add_flags', 'remove_flags'],
    schema: {
      type: 'object',
      properties: {
        q: { type: 'string', minLength: 1, maxLength: 2000 },
        // Weblate's bulk edit offers no change (-1) and the states a translator can set.
        state: { type: 'integer', enum: [-1, 10, 20, 30], default: -1 },
        add_flags: { type: 'string', maxLength: 2000, default: '' },
        remove_flags: { type: 'string', maxLength: 2000, default: '' },
        add_labels: { type: 'array', items: { type: 'string', maxLength: 190 }, uniqueItems: true, default: [] },
        remove_labels: { type: 'array', items: { type: 'string', maxLength: 190 }, uniqueItems: true, default: [] },
      },
      required: ['q'],
      additionalProperties: false,
    },
  },
  { name: 'weblate.consistency.languages', multiple: false, events: ['translation.post-add', 'daily'], schema: NO_CONFIGURATION },
  {
    name: 'weblate.removal.comments',
    multiple: false,
    events: ['daily'],
    schema: { type: 'object', properties: { age: { type: 'integer', minimum: 0, default: 30 } }, additionalProperties: false },
  },
  {
    name: 'weblate.removal.suggestions',
    multiple: false,
    events: ['daily'],
    schema: {
      type: 'object',
      properties: { age: { type: 'integer', minimum: 0, default: 30 }, votes: { type: 'integer', default: 0 } },
      additionalProperties: false,
    },
  },
  { name: 'weblate.gettext.linguas', multiple: false, events: ['repository.pre-commit'], schema: NO_CONFIGURATION, incompatibility: gettextIncompatibility },
  // Weblate installs it only where configure, configure.in or configure.ac sets ALL_LINGUAS; an incompatibility
  // sees the component's settings, not its files, so a repository without such a script is passed over when it runs.
  { name: 'weblate.gettext.configure', multiple: false, events: ['repository.pre-commit'], schema: NO_CONFIGURATION, incompatibility: gettextIncompatibility },
  { name: 'weblate.gettext.authors', multiple: false, events: ['repository.pre-commit'], schema: NO_CONFIGURATION, incompatibility: gettextIncompatibility },
  {
    name: 'weblate.gettext.mo',
    multiple: false,
    events: ['repository.pre-commit'],
    schema: {
      type: 'object',
      properties: { path: { type: 'string', maxLength: 400, default: '' }, fuzzy: { type: 'boolean', default: false } },
      additionalProperties: false,
    },
    incompatibility: gettextIncompatibility,
  },
  {
    name: 'weblate.gettext.msgmerge',
    multiple: false,
    events: ['repository.merged'],
    schema: {
      type: 'object',
      properties: { previous: { type: 'boolean', default: true }, no_location: { type: 'boolean', default: false }, fuzzy: { type: 'boolean', default: true } },
      additionalProperties: false,
    },
    incompatibility: (component) => gettextIncompatibility(component) ?? (component.newBase ? null : 'it needs a template for new translations (new_base), the POT file.'),
  },
  {
    name: 'weblate.git.squash',
    multiple: false,
    events: ['repository.pre-push'],
    schema: {
      type: 'object',
      properties: {
        squash: { type: 'string', enum: ['all', 'language', 'file', 'author'], default: 'all' },
        append_trailers: { type: 'boolean', default: true },
        commit_message: { type: 'string', maxLength: 5000, default: '' },
      },
      additionalProperties: false,
    },
  },
  {
    name: 'weblate.cleanup.blank',
    multiple: false,
    events: ['repository.pre-commit'],
    schema: NO_CONFIGURATION,
    incompatibility: templateIncompatibility,
  },
  {
    name: 'weblate.cleanup.generic',
    multiple: false,
    events: ['repository.pre-commit', 'repository.merged'],
    schema: NO_CONFIGURATION,
    incompatibility: templateIncompatibility,
  },
  {
    name: 'weblate.properties.sort',
    multiple: false,
    events: ['repository.pre-commit'],
    schema: { type: 'object', properties: { case_sensitive: { type: 'boolean', default: false } }, additionalProperties: false },
    incompatibility: formatsIncompatibility('Java properties', ['properties', 'properties-utf8']),
  },
  {
    name: 'weblate.json.customize',
    multiple: false,
    events: ['repository.pre-commit'],
    schema: {
      type: 'object',
      properties: {
        sort_keys: { type: 'boolean', default: false },
        // Weblate sets no maximum; one keeps a commit from writing gigabytes of blanks.
        indent: { type: 'integer', minimum: 0, maximum: 32, default: 4 },
        style: { type: 'string', enum: ['spaces', 'tabs'], default: 'spaces' },
      },
      additionalProperties: false,
    },
    incompatibility: formatsIncompatibility('JSON', ['json', 'json-nested', 'webextension', 'i18next', 'i18nextv4', 'arb', 'go-i18n-json']),
  },
  {
    name: 'weblate.yaml.customize',
    multiple: false,
    events: ['repository.pre-commit'],
    schema: {
      type: 'object',
      properties: {
        indent: { type: 'integer', minimum: 1, maximum: 10, default: 2 },
        // Weblate's choices, 65535 being "no line wrapping"; its form takes them as numbers or as their text.
        width: { enum: [80, 100, 120, 180, 65535, '80', '100', '120', '180', '65535'], default: 80 },
        line_break: { type: 'string', enum: ['dos', 'unix', 'mac'], default: 'unix' },
      },
      additionalProperties: false,
    },
    incompatibility: formatsIncompatibility('YAML', ['yaml', 'ruby-yaml']),
  },
  {
    name: 'weblate.discovery.discovery',
    multiple: true,
    // Its own installation or reconfiguration, and each update of the repository (discovery/component-discovery.ts).
    events: ['change'],
    schema: DISCOVERY_SCHEMA,
    refine: refineDiscoveryConfiguration,
    componentOnly: true,
    incompatibility: (component) => (component.linkedComponentId === null ? null : 'it scans the repository of the component owning it: install it there.'),
  },
  {
    name: 'weblate.webhook.webhook',
    multiple: true,
    events: ['change'],
    secretFields: ['secret'],
    urlFields: ['webhook_url'],
    schema: {
      type: 'object',
      properties: {
        webhook_url: { type: 'string', minLength: 1, maxLength: 2000 },
        // Standard Webhooks secrets are base64, optionally after `whsec_`.
        secret: { type: 'string', pattern: '^(whsec_)?([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$', maxLength: 200, default: '' },
        events: { type: 'array', items: { type: 'integer', enum: Object.values(ChangeAction).filter((code) => typeof code === 'number') }, uniqueItems: true, default: [] },
      },
      required: ['webhook_url'],
      additionalProperties: false,
    },
  },
];

const WORKING_COPY = "it writes the repository's files, which add-ons cannot do on this server yet.";

/** Weblate's other add-ons, refused as incompatible with the reason. */
export const UNAVAILABLE: Readonly<Record<string, string>> = {
  'weblate.cdn.cdnjs': "it publishes to Weblate's localization CDN, which this server does not provide.",
  'weblate.cdn.files': "it publishes to Weblate's localization CDN, which this server does not provide.",
  'weblate.fedora_messaging.publish': 'it publishes to a Fedora Messaging (AMQP) broker, which this server does not reach.',
  'weblate.webhook.slack': 'it posts to Slack, which this server does not reach.',
  'weblate.autotranslate.autotranslate': 'automatic translation is not available on this server.',
  'weblate.flags.target_repo_update': 'strings updated in the repository are not reported to add-ons on this server yet.',
  'weblate.hosted.reset': WORKING_COPY,
  'weblate.generate.generate': WORKING_COPY,
  'weblate.gettext.xgettext': WORKING_COPY,
  'weblate.resx.update': WORKING_COPY,
};

const BY_NAME = new Map(ADDONS.map((definition) => [definition.name, definition]));

export function addonDefinition(name: string): AddonDefinition | undefined {
  return BY_NAME.get(name);
}
