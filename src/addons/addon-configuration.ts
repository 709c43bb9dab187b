import type { AddonDefinition } from './addon-catalogue';

/** The configuration as those who may not manage the add-on see it: without its secrets. */
export function publicConfiguration(definition: AddonDefinition | undefined, configuration: Record<string, unknown>): Record<string, unknown> {
  const secrets = new Set(definition?.secretFields ?? []);
  return Object.fromEntries(Object.entries(configuration).filter(([key]) => !secrets.has(key)));
}
