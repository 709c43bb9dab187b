import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ComponentContext } from '../components/component-context';
import { ComponentLookup } from '../components/component-lookup';
import { getFormat } from '../formats/registry';
import { Filemask } from '../translations/filemask';
import type { WorkingCopy } from '../vcs/working-copy';
import { CommitRequest, WorkingCopyPipeline } from '../working-copies/working-copy-pipeline';
import type { Addon } from './addon.entity';
import { addonDefinition } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonsRepository } from './addons.repository';
import { withoutBlank } from './file-addons/blank';
import { linguasPath, updateLinguas } from './file-addons/linguas';
import { compileMo, moPath } from './file-addons/mo';

type FileWriter = (addon: Addon, context: ComponentContext, repository: WorkingCopy, files: readonly string[]) => Promise<string[]>;

/**
 * The add-ons that write the repository's files before each commit (Weblate's pre-commit add-ons): what they write
 * is committed with the change that triggered them, so the repository never holds a PO file without its MO or a
 * new language missing from LINGUAS. A failing one leaves its files alone and is recorded as its alert change.
 */
@Injectable()
export class WorkingCopyAddons implements OnModuleInit {
  private readonly writers: Readonly<Record<string, FileWriter>> = {
    'weblate.gettext.linguas': (_addon, context, repository) => this.writeLinguas(context, repository),
    'weblate.gettext.mo': (addon, context, repository, files) => this.writeMo(addon, context, repository, files),
    'weblate.cleanup.blank': (_addon, context, repository, files) => this.removeBlank(context, repository, files),
  };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pipeline: WorkingCopyPipeline,
    private readonly addons: AddonsRepository,
    private readonly components: ComponentLookup,
    private readonly execution: AddonExecution,
  ) {}

  onModuleInit(): void {
    this.pipeline.beforeCommit((repository, commit) => this.preCommit(repository, commit));
  }

  private async preCommit(repository: WorkingCopy, commit: CommitRequest): Promise<string[]> {
    const { id: componentId, projectId } = commit.component;
    const manager = this.dataSource.manager;
    const installed = (await this.addons.applicable(manager, componentId, projectId)).filter((addon) => this.writers[addon.name]);
    if (installed.length === 0) return [];
    const context = await this.components.findById(componentId);
    if (!context) return [];
    const written: string[] = [];
    for (const addon of installed) {
      // A project or site add-on covers components it cannot run on: those are passed over, as Weblate does.
      if (addonDefinition(addon.name)?.incompatibility?.(context.component)) continue;
      const run = { addon, event: null, componentId, projectId };
      written.push(...((await this.execution.attempt(manager, run, () => this.writers[addon.name](addon, context, repository, commit.files))) ?? []));
    }
    return written;
  }

  /** LINGUAS lists the languages whose files are in the working copy, the one being added included. */
  private async writeLinguas({ component, sourceLanguage }: ComponentContext, repository: WorkingCopy): Promise<string[]> {
    const path = linguasPath(component.filemask, component.newBase);
    const text = await repository.readFile(path).then((data) => data.toString('utf8'), () => null);
    // Weblate installs it only where a LINGUAS file exists; one removed since is not recreated.
    if (text === null) return [];
    const mask = new Filemask(component.filemask);
    const codes = (await repository.listFiles(component.filemask))
      .map((file) => mask.codeOf(file))
      .filter((code): code is string => code !== null && code !== sourceLanguage.code);
    const updated = updateLinguas(text, codes);
    if (updated === null) return [];
    await repository.writeFile(path, updated);
    return [path];
  }

  /** An MO compiled beside (or where `path` says) each PO file of the commit. */
  private async writeMo(addon: Addon, { component }: ComponentContext, repository: WorkingCopy, files: readonly string[]): Promise<string[]> {
    const mask = new Filemask(component.filemask);
    const written: string[] = [];
    for (const file of files) {
      const code = mask.codeOf(file);
      if (code === null) continue;
      const po = await repository.readFile(file).catch(() => null);
      // A removed translation: its file is gone, and so is what to compile.
      if (po === null) continue;
      const output = moPath(String(addon.configuration.path ?? ''), file, code);
      await repository.writeFile(output, compileMo(po, code, addon.configuration.fuzzy === true));
      written.push(output);
    }
    return written;
  }

  /** Each committed translation file without its untranslated entries (the template, which holds them all, is left). */
  private async removeBlank({ component }: ComponentContext, repository: WorkingCopy, files: readonly string[]): Promise<string[]> {
    const format = getFormat(component.fileFormat);
    if (!format) return [];
    const mask = new Filemask(component.filemask);
    const written: string[] = [];
    for (const file of files) {
      const code = mask.codeOf(file);
      if (code === null || file === component.template) continue;
      const data = await repository.readFile(file).catch(() => null);
      const cleaned = data && (await withoutBlank(format, data, code));
      if (!cleaned) continue;
      await repository.writeFile(file, cleaned);
      written.push(file);
    }
    return written;
  }
}
