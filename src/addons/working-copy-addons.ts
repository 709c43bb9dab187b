import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ComponentContext } from '../components/component-context';
import { ComponentLookup } from '../components/component-lookup';
import type { Component } from '../components/component.entity';
import { mergePo } from '../formats/po-merge';
import { Filemask } from '../translations/filemask';
import type { WorkingCopy } from '../vcs/working-copy';
import { renderMessage } from '../working-copies/commit-message';
import { WEBLATE_COMMITTER } from '../working-copies/signatures';
import { CommitRequest, WorkingCopyPipeline } from '../working-copies/working-copy-pipeline';
import type { Addon } from './addon.entity';
import { addonDefinition } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonsRepository } from './addons.repository';
import { linguasPath, updateLinguas } from './file-addons/linguas';
import { compileMo, moPath } from './file-addons/mo';
import { cleanupAfterUpdate, FileWriter, LAYOUT_WRITERS, TRANSLATION_FILE_WRITERS } from './translation-file-writers';

const SQUASH = 'weblate.git.squash';

/** A project or site add-on covers components it cannot run on: those are passed over, as Weblate does. */
function compatible(addon: Addon, component: Component): boolean {
  return !addonDefinition(addon.name)?.incompatibility?.(component);
}

/** An add-on run once an update is merged: the files it wrote are committed on their own, with its title in the message. */
interface MergedWriter {
  title: string;
  write: (addon: Addon, context: ComponentContext, repository: WorkingCopy, changedFiles: string[]) => Promise<string[]>;
}

/**
 * The add-ons that write the repository's files. Those of Weblate's pre-commit event run before each commit and
 * what they write is committed with the change that triggered them, so the repository never holds a PO file without
 * its MO or a new language missing from LINGUAS; msgmerge and the cleanup run once an update is merged, before the
 * files are read, and commit on their own. A failing one is recorded as its alert change.
 */
@Injectable()
export class WorkingCopyAddons implements OnModuleInit {
  private readonly writers: Readonly<Record<string, FileWriter>> = {
    'weblate.gettext.linguas': (_addon, context, repository) => this.writeLinguas(context, repository),
    'weblate.gettext.mo': (addon, context, repository, files) => this.writeMo(addon, context, repository, files),
    ...TRANSLATION_FILE_WRITERS,
  };

  private readonly mergedWriters: Readonly<Record<string, MergedWriter>> = {
    'weblate.gettext.msgmerge': {
      title: 'Update PO files to match POT (msgmerge)',
      write: async (addon, { component }, repository, changedFiles) => (changedFiles.includes(component.newBase) ? this.msgmerge(addon, component, repository) : []),
    },
    'weblate.cleanup.generic': { title: 'Cleanup translation files', write: cleanupAfterUpdate },
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
    this.pipeline.whenMerged((repository, owner, changedFiles) => this.merged(repository, owner, changedFiles));
    this.pipeline.beforePush((repository, owner) => this.squash(repository, owner));
  }

  private async preCommit(repository: WorkingCopy, commit: CommitRequest): Promise<string[]> {
    const addons = (await this.installed(commit.component, (name) => name in this.writers))
      .sort((a, b) => Number(LAYOUT_WRITERS.has(a.name)) - Number(LAYOUT_WRITERS.has(b.name)));
    const context = addons.length > 0 ? await this.components.findById(commit.component.id) : null;
    if (!context) return [];
    const written: string[] = [];
    for (const addon of addons) {
      if (!compatible(addon, context.component)) continue;
      written.push(...((await this.attempt(addon, context.component, () => this.writers[addon.name](addon, context, repository, commit.files))) ?? []));
    }
    return written;
  }

  /** The merged add-ons of each component of the working copy (msgmerge, cleanup): one commit each. */
  private async merged(repository: WorkingCopy, owner: Pick<Component, 'id'>, changedFiles: string[]): Promise<CommitRequest[]> {
    const requests: CommitRequest[] = [];
    for (const component of await this.components.sharingWorkingCopy(owner.id)) {
      const addons = (await this.installed(component, (name) => name in this.mergedWriters)).filter((addon) => compatible(addon, component));
      const context = addons.length > 0 ? await this.components.findById(component.id) : null;
      if (!context) continue;
      for (const addon of addons) {
        const { title, write } = this.mergedWriters[addon.name];
        const files = await this.attempt(addon, component, () => write(addon, context, repository, changedFiles));
        if (!files?.length) continue;
        const { project } = context;
        const variables = { addon_name: title, project_name: project.name, project_slug: project.slug, component_name: component.name, component_slug: component.slug };
        requests.push({ component, files, message: renderMessage(component.addonMessage, variables), author: WEBLATE_COMMITTER, committer: WEBLATE_COMMITTER });
      }
    }
    return requests;
  }

  /**
   * weblate.git.squash (mode `all`): the commits about to be pushed become one, Weblate's committer's, with their
   * messages (or the configured one). Only over the remote-tracking branch: commits not yet merged with it stay.
   */
  private async squash(repository: WorkingCopy, owner: Pick<Component, 'id' | 'projectId'>): Promise<void> {
    for (const addon of await this.installed(owner, (name) => name === SQUASH)) {
      await this.attempt(addon, owner, async () => {
        const status = await repository.status([]);
        if (status.outgoingCommits < 2 || status.missingCommits > 0) return;
        const message = String(addon.configuration.commit_message ?? '') || undefined;
        await repository.squash({ message, author: WEBLATE_COMMITTER, committer: WEBLATE_COMMITTER });
      });
    }
  }

  /** The add-ons of these names installed on the component, its project or the site. */
  private async installed(component: Pick<Component, 'id' | 'projectId'>, wanted: (name: string) => boolean): Promise<Addon[]> {
    return (await this.addons.applicable(this.dataSource.manager, component.id, component.projectId)).filter((addon) => wanted(addon.name));
  }

  private attempt<T>(addon: Addon, component: Pick<Component, 'id' | 'projectId'>, work: () => Promise<T>): Promise<T | null> {
    return this.execution.attempt(this.dataSource.manager, { addon, event: null, componentId: component.id, projectId: component.projectId }, work);
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

  /** Each PO file of the component brought in line with the template (new_base), as msgmerge does. */
  private async msgmerge(addon: Addon, component: Component, repository: WorkingCopy): Promise<string[]> {
    const pot = await repository.readFile(component.newBase);
    const options = { previous: addon.configuration.previous !== false, noLocation: addon.configuration.no_location === true };
    const written: string[] = [];
    for (const file of await repository.listFiles(component.filemask)) {
      if (file === component.newBase) continue;
      const po = await repository.readFile(file);
      const merged = mergePo(po, pot, options);
      if (merged.equals(po)) continue;
      await repository.writeFile(file, merged);
      written.push(file);
    }
    return written;
  }
}
