import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import JSZip from 'jszip';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { DataSource } from 'typeorm';
import { Component } from '../components/component.entity';
import { ComponentContext, ComponentsRepository } from '../components/components.repository';
import { NotFoundError } from '../core/errors/domain-error';
import { ExportedFile, exportUnits, getFormat, listExporters } from '../formats';
import { Project } from '../projects/project.entity';
import { RepositoryLocks } from '../repositories/repository-lock';
import { WorkingCopies } from '../repositories/working-copies';
import { TranslationContext, TranslationsRepository } from '../translations/translations.repository';
import { VcsError } from '../vcs/vcs-error';

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

/** A ZIP archive ready to send. */
export interface Archive {
  name: string;
  data: Buffer;
}

/** Everything a component's translations are read from, listed from the database. */
const ALL = 1_000_000;

/**
 * Downloads of translation files straight from the working copies: a single translation's file, or ZIP
 * archives of a component's or a project's files. Files are read whole under the owning repository's
 * lock, so a pull or reset running at the same time cannot hand out half a file.
 */
@Injectable()
export class DownloadsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentsRepository,
    private readonly translations: TranslationsRepository,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: RepositoryLocks,
  ) {}

  /**
   * The file of one translation. `format` absent returns the file as stored, and so does a value naming the
   * file's own format; another exporter's name converts the file's units (Weblate `?format=`, exporters.py);
   * anything else is not supported (Weblate answers 404).
   */
  async translationFile(context: TranslationContext, format: unknown): Promise<StoredFile> {
    const { component } = context.component;
    const exporter = format === undefined || sameFormat(format, component.fileFormat) ? undefined : exporterNamed(format);
    const path = context.translation.filename;
    if (!path) throw new NotFoundError('No file for this translation.');
    if (!safePath(path)) throw new NotFoundError('File not found.');
    const owner = ownerOf(context.component);
    // Units of a monolingual translation get their keys and sources from the template, so a conversion reads both.
    const monolingual = getFormat(component.fileFormat)?.monolingual ?? false;
    const templatePath = exporter && monolingual && component.template && safePath(component.template) ? component.template : undefined;
    const [file, template] = await this.locks.withLock(String(owner.id), async () =>
      [await this.read(owner, path), templatePath ? await this.read(owner, templatePath) : null] as const);
    if (!file) throw new NotFoundError('File not found.');
    if (!exporter) {
      const name = posix.basename(path.replace(/\\/g, '/'));
      return { name, type: CONTENT_TYPES[posix.extname(name).toLowerCase()] ?? 'application/octet-stream', ...file };
    }
    const exported = await convert(context, exporter, file.data, template?.data);
    const modified = template && template.modified > file.modified ? template.modified : file.modified;
    const name = `${context.component.project.slug}-${component.slug}-${context.language.code}.${exported.extension}`;
    return { name, type: exported.contentType, data: exported.data, modified };
  }

  /** The component's translation files (and its template) at their repository paths. */
  async componentArchive(context: ComponentContext, format: unknown): Promise<Archive> {
    checkArchiveFormat(format);
    const zip = new JSZip();
    await this.addComponent(zip, context, '', null);
    return { name: `${context.project.slug}-${context.component.slug}.zip`, data: await generate(zip) };
  }

  /** Every component's files of the project under `<component path>/`, optionally of one language only. */
  async projectArchive(project: Project, format: unknown, languageCode: unknown): Promise<Archive> {
    checkArchiveFormat(format);
    if (languageCode !== undefined && typeof languageCode !== 'string') throw new NotFoundError('Invalid language code.');
    const rows = await this.dataSource.getRepository(Component).find({ where: { projectId: project.id }, order: { name: 'ASC', id: 'ASC' } });
    const zip = new JSZip();
    for (const context of await this.components.hydrate(rows)) {
      await this.addComponent(zip, context, `${context.path}/`, languageCode ?? null);
    }
    return { name: `${project.slug}.zip`, data: await generate(zip) };
  }

  private async addComponent(zip: JSZip, context: ComponentContext, prefix: string, languageCode: string | null): Promise<void> {
    const [translations] = await this.translations.pageOfComponent(context, 0, ALL);
    const wanted = translations.filter((t) => languageCode === null || matchesLanguage(t, languageCode));
    const paths = new Set(wanted.map((t) => t.translation.filename).filter(Boolean));
    // The template belongs with the translations that need it, but not to a download of one other language.
    if (context.component.template && languageCode === null) paths.add(context.component.template);
    const owner = ownerOf(context);
    await this.locks.withLock(String(owner.id), async () => {
      for (const path of [...paths].sort()) {
        if (!safePath(path)) continue;
        const file = await this.read(owner, path);
        // Files listed in the database but gone from the working copy (or no working copy yet) are left out.
        if (file) zip.file(`${prefix}${path.replace(/\\/g, '/')}`, file.data, { date: file.modified });
      }
    });
  }

  /** A file and its modification time, or null when it (or the working copy) does not exist. */
  private async read(owner: Component, path: string): Promise<{ data: Buffer; modified: Date } | null> {
    try {
      const data = await this.workingCopies.open(owner).readFile(path);
      const info = await stat(join(this.workingCopies.dirOf(owner), path));
      return { data, modified: new Date(Math.floor(info.mtimeMs / 1000) * 1000) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof VcsError || code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw error;
    }
  }
}

function ownerOf(context: ComponentContext): Component {
  return context.linked?.component ?? context.component;
}

/** Relative paths inside the work tree only: no absolute paths, no `..` segments. */
function safePath(path: string): boolean {
  const normalized = path.replace(/\\/g, '/');
  return !normalized.startsWith('/') && !/^[a-zA-Z]:/.test(normalized) && !normalized.split('/').includes('..') && !normalized.includes('\0');
}

/** The format the file is stored in needs no conversion: its own file_format, or `po` for any gettext variant. */
function sameFormat(format: unknown, fileFormat: string): boolean {
  if (typeof format !== 'string') return false;
  return format === fileFormat || (format === 'po' && (fileFormat === 'po' || fileFormat.startsWith('po-')));
}

function exporterNamed(format: unknown): string {
  if (typeof format === 'string' && listExporters().includes(format)) return format;
  throw new NotFoundError(`Format '${describe(format)}' is not supported. Supported formats are: ${listExporters().join(', ')}.`);
}

/** The translation's units, read from its file (and the template), written in an exporter's format. */
async function convert(context: TranslationContext, format: string, data: Buffer, template: Buffer | undefined): Promise<ExportedFile> {
  const fileFormat = getFormat(context.component.component.fileFormat);
  if (!fileFormat) throw new NotFoundError(`Format '${context.component.component.fileFormat}' of this component cannot be read.`);
  const { units } = await fileFormat.parse(data, { template, language: context.language.code });
  const plural = context.language.plurals?.[0];
  return exportUnits(format, units, {
    sourceLanguage: context.component.sourceLanguage.code,
    language: context.language.code,
    pluralCount: plural?.number ?? 2,
    pluralForms: plural && `nplurals=${plural.number}; plural=${plural.formula};`,
  });
}

function checkArchiveFormat(format: unknown): void {
  if (format !== undefined && format !== 'zip') throw new NotFoundError(`Unsupported download format "${describe(format)}".`);
}

function matchesLanguage(context: TranslationContext, code: string): boolean {
  return context.translation.languageCode === code || context.language.code === code;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.map(String).join(',') : String(value);
}

function generate(zip: JSZip): Promise<Buffer> {
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
