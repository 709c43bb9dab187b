import type { ComponentContext } from '../components/component-context';
import type { Component } from '../components/component.entity';
import { JsonLayout, layoutJson } from '../formats/json-layout';
import { sortProperties } from '../formats/properties-sort';
import { getFormat } from '../formats/registry';
import type { TranslationFormat } from '../formats/translation-format';
import type { LineBreak } from '../formats/yaml-document';
import { layoutYaml, YamlLayout } from '../formats/yaml-layout';
import { Filemask } from '../translations/filemask';
import type { WorkingCopy } from '../vcs/working-copy';
import type { Addon } from './addon.entity';
import { withoutBlank } from './file-addons/blank';
import { templateKeys, withoutStale } from './file-addons/cleanup';

/** An add-on rewriting some of the component's files in place; returns the paths it wrote. */
export type FileWriter = (addon: Addon, context: ComponentContext, repository: WorkingCopy, files: readonly string[]) => Promise<string[]>;

/** A file's new content, or null to leave it; `language` is the code of a translation file, '' for the template. */
type Rewrite = (data: Buffer, language: string, format: TranslationFormat) => Buffer | null | Promise<Buffer | null>;

/**
 * The add-ons that rewrite the component's files, each over the files it is given (those of a commit, or all of
 * them after an update). What they do to a file is a pure function of it (src/formats, file-addons/). The cleanup
 * add-ons leave the template alone: it is what keeps the strings.
 */
export const TRANSLATION_FILE_WRITERS = {
  'weblate.cleanup.blank': (_addon, { component }, repository, files) =>
    rewriteFiles(component, repository, translations(component, files), (data, language, format) => withoutBlank(format, data, language)),
  'weblate.cleanup.generic': async (_addon, { component }, repository, files) => {
    const keys = await templateKeys(formatOf(component), await repository.readFile(component.template));
    return rewriteFiles(component, repository, translations(component, files), (data, language, format) => withoutStale(format, data, keys, language));
  },
  'weblate.properties.sort': (addon, { component }, repository, files) =>
    rewriteFiles(component, repository, files, (data) => sortProperties(data, addon.configuration.case_sensitive === true)),
  'weblate.json.customize': (addon, { component }, repository, files) =>
    rewriteFiles(component, repository, files, (data) => layoutJson(data, jsonLayout(addon.configuration))),
  'weblate.yaml.customize': (addon, { component }, repository, files) =>
    rewriteFiles(component, repository, files, (data) => layoutYaml(data, yamlLayout(addon.configuration))),
} satisfies Record<string, FileWriter>;

/** weblate.cleanup.generic once an update is merged: every translation file, when the update changed the template or one of them. */
export async function cleanupAfterUpdate(addon: Addon, context: ComponentContext, repository: WorkingCopy, changedFiles: readonly string[]): Promise<string[]> {
  const { template, filemask } = context.component;
  const mask = new Filemask(filemask);
  if (!changedFiles.some((file) => file === template || mask.codeOf(file) !== null)) return [];
  return TRANSLATION_FILE_WRITERS['weblate.cleanup.generic'](addon, context, repository, await repository.listFiles(filemask));
}

/** Those that lay files out: they run after the others before a commit, so the committed files are in their layout. */
export const LAYOUT_WRITERS: ReadonlySet<string> = new Set(['weblate.properties.sort', 'weblate.json.customize', 'weblate.yaml.customize']);

function translations(component: Component, files: readonly string[]): string[] {
  return files.filter((file) => file !== component.template);
}

/**
 * The component's files among `files` (its translation files and its template), rewritten. Nothing is written until
 * every file is done: a file the format cannot read fails the run (its alert) without leaving others half changed.
 */
async function rewriteFiles(component: Component, repository: WorkingCopy, files: readonly string[], rewrite: Rewrite): Promise<string[]> {
  const format = formatOf(component);
  const mask = new Filemask(component.filemask);
  const rewritten = new Map<string, Buffer>();
  for (const file of files) {
    const language = file === component.template ? '' : mask.codeOf(file);
    if (language === null) continue;
    // A removed translation: its file is gone, and there is nothing to rewrite.
    const data = await repository.readFile(file).catch(() => null);
    const content = data && (await rewrite(data, language, format));
    if (content) rewritten.set(file, content);
  }
  for (const [file, content] of rewritten) await repository.writeFile(file, content);
  return [...rewritten.keys()];
}

function formatOf(component: Component): TranslationFormat {
  const format = getFormat(component.fileFormat);
  if (!format) throw new Error(`Unknown file format ${component.fileFormat}.`);
  return format;
}

function jsonLayout(configuration: Record<string, unknown>): JsonLayout {
  return { indent: Number(configuration.indent), style: configuration.style === 'tabs' ? 'tabs' : 'spaces', sortKeys: configuration.sort_keys === true };
}

const LINE_BREAKS: Readonly<Record<string, LineBreak>> = { unix: '\n', dos: '\r\n', mac: '\r' };

function yamlLayout(configuration: Record<string, unknown>): YamlLayout {
  return { indent: Number(configuration.indent), width: Number(configuration.width), lineBreak: LINE_BREAKS[String(configuration.line_break)] };
}
