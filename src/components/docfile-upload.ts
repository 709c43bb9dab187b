import { posix } from 'node:path';
import { ValidationError } from '../core/errors/domain-error';
import { getFormat, isMonolingual, listFormats, TranslationFormat } from '../formats';
import { repositoryPathProblem } from '../vcs/work-tree';

/** What a single uploaded translation file becomes: the repository's one file and the settings that find it. */
export interface DocfileImport {
  files: Map<string, Buffer>;
  fileFormat: string;
  filemask: string;
  /** The uploaded file itself, as Weblate's API sets both: the base of the source strings and of new translations. */
  template: string;
  newBase: string;
}

export interface DocfileSettings {
  slug: string;
  sourceLanguage: string;
  fileFormat?: string;
  filemask?: string;
  template?: string;
  newBase?: string;
}

/**
 * Weblate's `docfile`: one translation file in the source language becomes a component of its own. As in
 * Weblate's `guess_filemask_from_doc`, the mask is `<slug>/*<extension>` unless one is given, and the file is
 * stored where the source language's translation would be (or at the given template); like Weblate's API, the
 * component takes it as `template` and `new_base`, so its strings are the source strings and new languages
 * start from it, bilingual formats included. The file must parse in its format, so a component is never
 * created around a file that cannot be read.
 */
export async function readDocfileUpload(
  upload: { originalname: string; buffer: Buffer },
  settings: DocfileSettings,
  maxBytes: number,
): Promise<DocfileImport> {
  if (upload.buffer.length > maxBytes) {
    throw ValidationError.field('docfile', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
  }
  const extension = posix.extname(upload.originalname.replace(/\\/g, '/')).toLowerCase();
  const format = settings.fileFormat ? getFormat(settings.fileFormat) : guessFormat(extension);
  if (!format) {
    throw ValidationError.field('file_format', `Could not guess the file format from the name ${JSON.stringify(upload.originalname)}; set file_format.`, 'required');
  }
  const filemask = settings.filemask || `${settings.slug}/*${extension || `.${format.extensions[0] ?? 'txt'}`}`;
  const template = settings.template || filemask.replace('*', settings.sourceLanguage);
  assertSafePath(template);
  await assertParses(format, upload.buffer, settings.sourceLanguage);
  return { files: new Map([[template, upload.buffer]]), fileFormat: format.id, filemask, template, newBase: settings.newBase || template };
}

/** The first registered format claiming the extension: the registry lists the plain format before its flavours. */
function guessFormat(extension: string): TranslationFormat | undefined {
  const bare = extension.replace(/^\./, '');
  return bare ? listFormats().find((format) => format.extensions.includes(bare)) : undefined;
}

function assertSafePath(path: string): void {
  if (repositoryPathProblem(path) !== null) {
    throw ValidationError.field('filemask', `The file would be stored outside the repository: ${path}`);
  }
}

async function assertParses(format: TranslationFormat, data: Buffer, language: string): Promise<void> {
  try {
    // The document becomes the component's template.
    const parsed = await format.parse(data, { template: isMonolingual(format, true) ? data : undefined, language });
    if (parsed.units.length === 0) throw new Error('The file contains no strings.');
  } catch (error) {
    throw ValidationError.field('docfile', `Could not parse the ${format.name}: ${(error as Error).message}`);
  }
}
