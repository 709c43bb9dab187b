import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import JSZip from 'jszip';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { Component } from '../components/component.entity';
import { ComponentLookup } from '../components/component-lookup';
import { workingCopyOwner, type ComponentContext } from '../components/component-context';
import { NotFoundError } from '../core/errors/domain-error';
import { ExportedFile, exportUnits, getFormat, isMonolingual, listExporters } from '../formats';
import { pluralOf, translationPlural } from '../languages/translation-plural';
import { Project } from '../projects/project.entity';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { WorkingCopies } from '../working-copies/working-copies';
import { TranslationLookup } from '../translations/translation-lookup';
import type { TranslationContext } from '../translations/translation-context';
import { TranslationRenderer } from '../units/translation-renderer';
import { VcsError } from '../vcs/vcs-error';
import { componentScope } from '../auth/scopes';
import { UserPermissions } from '../auth/user-permissions';
import { repositoryPathProblem } from '../vcs/work-tree';

const CONTENT_TYPES: Record<string, string> = {
  '.po': 'text/x-po',
  '.pot': 'text/x-po',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

/** One file as stored in a working copy. */
export interface StoredFile {
  name: string;
  type: string;
  data: Buffer;
  /** Modification time rounded down to whole seconds, as HTTP dates carry. */
  modified: Date;
}

/** File content and its modification time, rounded down to whole seconds as HTTP dates carry. */
interface StoredContent {
  data: Buffer;
  modified: Date;
}

/** A ZIP archive, compressed while it is sent. */
export interface Archive {
  name: string;
  stream: Readable;
}

/**
 * Downloads of translation files straight from the working copies: a single translation's file, or ZIP
 * archives of a component's or a project's files. Files are read whole under the owning repository's
 * lock, so a pull or reset running at the same time cannot hand out half a file.
 */
@Injectable()
export class DownloadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentLookup,
    private readonly translations: TranslationLookup,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly renderer: TranslationRenderer,
  ) {}

  /**
   * The file of one translation, with the strings changed since the last commit written in. `format` absent
   * (or naming the file's own format) returns that file; another exporter's name converts the translation's
   * units (Weblate `?format=`, exporters.py); anything else is not supported (Weblate answers 404).
   */
  async translationFile(context: TranslationContext, format: unknown): Promise<StoredFile> {
    const { component } = context.component;
    const exporter = format === undefined || sameFormat(format, component.fileFormat) ? undefined : exporterNamed(format);
    const path = context.translation.filename;
    if (!path) throw new NotFoundError('No file for this translation.');
    if (!safePath(path)) throw new NotFoundError('File not found.');
    const owner = workingCopyOwner(context.component);
    const file = await this.locks.withLock(String(owner.id), () => this.currentFile(context, owner, exporter));
    if (!file) throw new NotFoundError('File not found.');
    if (!('extension' in file)) {
      const name = posix.basename(path.replace(/\\/g, '/'));
      return { name, type: CONTENT_TYPES[posix.extname(name).toLowerCase()] ?? 'application/octet-stream', ...file };
    }
    const name = `${context.component.project.slug}-${component.slug}-${context.language.code}.${file.extension}`;
    return { name, type: file.contentType, data: file.data, modified: file.modified };
  }

  /** The component's translation files (and its template) at their repository paths, or converted (`zip:<format>`). */
  async componentArchive(context: ComponentContext, format: unknown, languageCode: unknown): Promise<Archive> {
    const exporter = archiveExporter(format);
    const zip = new JSZip();
    await this.addComponent(zip, context, '', languageFilter(languageCode), exporter);
    return { name: `${context.project.slug}-${context.component.slug}.zip`, stream: generate(zip) };
  }

  /** Every component's files of the project under `<component path>/`, optionally of one language only. */
  async projectArchive(project: Project, format: unknown, languageCode: unknown, permissions: UserPermissions): Promise<Archive> {
    const exporter = archiveExporter(format);
    const language = languageFilter(languageCode);
    const zip = new JSZip();
    // Restricted components go only to those who may see them.
    for (const context of (await this.components.findAllOfProject(project.id)).filter((row) => permissions.canSee(componentScope(row)))) {
      await this.addComponent(zip, context, `${context.path}/`, language, exporter);
    }
    return { name: `${project.slug}.zip`, stream: generate(zip) };
  }

  private async addComponent(zip: JSZip, context: ComponentContext, prefix: string, languageCode: string | null, exporter: string | undefined): Promise<void> {
    const translations = await this.translations.allOfComponent(context);
    const wanted = translations.filter((t) => t.translation.filename && safePath(t.translation.filename) && (languageCode === null || matchesLanguage(t, languageCode)));
    const owner = workingCopyOwner(context);
    await this.locks.withLock(String(owner.id), async () => {
      const added = new Set<string>();
      for (const translation of wanted) {
        // Converted archives hold the translations only; the source strings are in every converted file.
        if (exporter && translation.translation.isSource) continue;
        const file = await this.currentFile(translation, owner, exporter);
        const path = translation.translation.filename.replace(/\\/g, '/');
        const name = file && 'extension' in file ? `${path.slice(0, path.length - posix.extname(path).length)}.${file.extension}` : path;
        // Files listed in the database but gone from the working copy (or no working copy yet) are left out.
        if (file && !added.has(name)) zip.file(`${prefix}${name}`, file.data, { date: file.modified });
        added.add(name);
      }
      // The template belongs with the translations that need it, but not to a download of one other language.
      const template = context.component.template;
      if (template && !exporter && languageCode === null && safePath(template) && !added.has(template)) {
        const file = await this.read(owner, template);
        if (file) zip.file(`${prefix}${template}`, file.data, { date: file.modified });
      }
    });
  }

  /**
   * A translation's file as it is now (the stored one, or rendered from its units when strings changed since the
   * last commit), or converted by an exporter from its units. Called under the repository lock.
   */
  private async currentFile(context: TranslationContext, owner: Component, exporter: string | undefined): Promise<StoredContent | (StoredContent & ExportedFile) | null> {
    const manager = this.dataSource.manager;
    const stored = await this.read(owner, context.translation.filename);
    const changed = await this.renderer.hasChanges(manager, context.translation.id);
    if (!stored && !changed) return null;
    const lastChange = changed && context.translation.lastChange ? wholeSeconds(context.translation.lastChange) : null;
    const modified = stored && (!lastChange || stored.modified > lastChange) ? stored.modified : (lastChange ?? wholeSeconds(new Date()));
    const { component } = context.component;
    if (exporter) {
      const format = getFormat(component.fileFormat);
      const monolingual = format ? isMonolingual(format, component.template !== '') : false;
      const gettext = context.language.plurals?.[0];
      const exported = await exportUnits(exporter, await this.renderer.fileUnits(manager, context.translation.id, monolingual), {
        sourceLanguage: context.component.sourceLanguage.code,
        language: context.language.code,
        formCategories: pluralOf(context).categories,
        plural: translationPlural(exporter, context.language.code, gettext),
      });
      return { ...exported, modified };
    }
    if (!changed) return stored;
    const info = await this.renderer.fileInfo(manager, context.translation.id);
    return { data: await this.renderer.render(manager, component, info, this.workingCopies.open(owner)), modified };
  }

  /** A file and its modification time, or null when it (or the working copy) does not exist. */
  private async read(owner: Component, path: string): Promise<StoredContent | null> {
    try {
      const data = await this.workingCopies.open(owner).readFile(path);
      const info = await stat(join(this.workingCopies.dirOf(owner), path));
      return { data, modified: wholeSeconds(new Date(info.mtimeMs)) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof VcsError || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw error;
    }
  }
}


/** Relative paths inside the work tree only (`repositoryPathProblem`). */
function safePath(path: string): boolean {
  return repositoryPathProblem(path) === null;
}

/** The format the file is stored in needs no conversion: its own file_format, or `po` for any gettext variant. */
function sameFormat(format: unknown, fileFormat: string): boolean {
  if (typeof format !== 'string') return false;
  const id = getFormat(fileFormat)?.id ?? fileFormat;
  return format === id || (format === 'po' && (id === 'po' || id.startsWith('po-')));
}

function exporterNamed(format: unknown): string {
  if (typeof format === 'string' && listExporters().includes(format)) return format;
  throw new NotFoundError(`Format '${describe(format)}' is not supported. Supported formats are: ${listExporters().join(', ')}.`);
}

/** `zip` (the files as stored) or `zip:<exporter>` (every translation converted). */
function archiveExporter(format: unknown): string | undefined {
  if (format === undefined || format === 'zip') return undefined;
  if (typeof format === 'string' && format.startsWith('zip:')) return exporterNamed(format.slice(4));
  throw new NotFoundError(`Unsupported download format "${describe(format)}".`);
}

function languageFilter(languageCode: unknown): string | null {
  if (languageCode === undefined) return null;
  if (typeof languageCode !== 'string') throw new NotFoundError('Invalid language code.');
  return languageCode;
}

function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function matchesLanguage(context: TranslationContext, code: string): boolean {
  return context.translation.languageCode === code || context.language.code === code;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/** jszip's stream is an older stream implementation; piping it through a PassThrough gives a modern Readable. */
function generate(zip: JSZip): Readable {
  return zip.generateNodeStream({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true }).pipe(new PassThrough());
}
