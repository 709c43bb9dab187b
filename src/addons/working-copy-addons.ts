import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangesService } from '../changes/changes.service';
import type { ComponentContext } from '../components/component-context';
import { ComponentLookup } from '../components/component-lookup';
import type { Component } from '../components/component.entity';
import { mergePo } from '../formats/po-merge';
import { Filemask } from '../translations/filemask';
import type { SquashGrouping, WorkingCopy } from '../vcs/working-copy';
import { renderMessage } from '../working-copies/commit-message';
import { signatureOf, WEBLATE_COMMITTER } from '../working-copies/signatures';
import { CommitRequest, WorkingCopyPipeline } from '../working-copies/working-copy-pipeline';
import type { Addon } from './addon.entity';
import { addonDefinition } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonsRepository, appliesTo } from './addons.repository';
import { updateAuthorComments } from './file-addons/authors';
import { CONFIGURE_FILES, updateAllLinguas } from './file-addons/configure';
import { linguasPath, updateLinguas } from './file-addons/linguas';
import { compileMo, moPath } from './file-addons/mo';
import { cleanupAfterUpdate, FileWriter, LAYOUT_WRITERS, TRANSLATION_FILE_WRITERS } from './translation-file-writers';

const SQUASH = 'weblate.git.squash';
const MSGMERGE_TITLE = 'Update PO files to match POT (msgmerge)';
const SQUASH_TITLE = 'Squash Git commits';

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
    'weblate.gettext.configure': (_addon, context, repository) => this.writeConfigure(context, repository),
    'weblate.gettext.authors': (_addon, context, repository, files) => this.creditAuthors(context, repository, files),
    ...TRANSLATION_FILE_WRITERS,
  };

  private readonly mergedWriters: Readonly<Record<string, MergedWriter>> = {
    'weblate.gettext.msgmerge': {
      title: MSGMERGE_TITLE,
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
    private readonly changes: ChangesService,
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
    const sharing = await this.components.sharingWorkingCopy(owner.id);
    // One read for all of them: a hundred components sharing one working copy read theirs one by one in 270 ms.
    const installed = (await this.addons.applicableToAny(this.dataSource.manager, sharing.map(({ id }) => id), sharing.map(({ projectId }) => projectId)))
      .filter((addon) => addon.name in this.mergedWriters);
    for (const component of sharing) {
      const addons = installed.filter((addon) => appliesTo(addon, component.id, component.projectId) && compatible(addon, component));
      const context = addons.length > 0 ? await this.components.findById(component.id) : null;
      if (!context) continue;
      for (const addon of addons) {
        const { title, write } = this.mergedWriters[addon.name];
        const files = await this.attempt(addon, component, () => write(addon, context, repository, changedFiles));
        if (!files?.length) continue;
        requests.push({ component, files, message: await this.addonMessage(component, title), author: WEBLATE_COMMITTER, committer: WEBLATE_COMMITTER });
      }
    }
    return requests;
  }

  /**
   * weblate.git.squash: the commits about to be pushed are regrouped (see SquashGrouping), committed by Weblate's
   * committer, with their messages (or the configured one) and, by default, their trailers and co-authors. Only
   * over the remote-tracking branch: commits not yet merged with it stay.
   */
  private async squash(repository: WorkingCopy, owner: Pick<Component, 'id' | 'projectId'>): Promise<void> {
    for (const addon of await this.installed(owner, (name) => name === SQUASH)) {
      await this.attempt(addon, owner, async () => {
        const status = await repository.status([]);
        if (status.outgoingCommits === 0 || status.missingCommits > 0) return;
        const { configuration } = addon;
        await repository.squash({
          message: String(configuration.commit_message ?? '') || undefined,
          appendTrailers: configuration.append_trailers !== false,
          grouping: await this.squashGrouping(String(configuration.squash ?? 'all'), owner, repository),
          author: WEBLATE_COMMITTER,
          committer: WEBLATE_COMMITTER,
        });
      });
    }
  }

  /**
   * Weblate's `language` and `file` modes group the translation files of the components sharing the working copy
   * (by language code, then path, for a stable order); what else the commits changed (LINGUAS, a removed
   * translation) goes in a last commit with the add-on message, as Weblate commits what is left.
   */
  private async squashGrouping(mode: string, owner: Pick<Component, 'id'>, repository: WorkingCopy): Promise<SquashGrouping> {
    if (mode !== 'language' && mode !== 'file') return { by: mode === 'author' ? 'author' : 'all' };
    const byLanguage = new Map<string, string[]>();
    const components = await this.components.sharingWorkingCopy(owner.id);
    for (const component of components) {
      const mask = new Filemask(component.filemask);
      for (const file of await repository.listFiles(component.filemask)) {
        const code = mask.codeOf(file);
        if (code !== null) byLanguage.set(code, [...(byLanguage.get(code) ?? []), file]);
      }
    }
    const languages = [...byLanguage].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, files]) => files.sort());
    const groups = mode === 'language' ? languages : languages.flat().map((file) => [file]);
    const ownerComponent = components.find((component) => component.id === owner.id) ?? components[0];
    return { by: 'paths', groups, remainderMessage: await this.addonMessage(ownerComponent, SQUASH_TITLE) };
  }

  /** The component's commit message for what the add-on of this title writes. */
  private async addonMessage(component: Component, addonName: string): Promise<string> {
    const project = (await this.components.findById(component.id))?.project;
    const variables = { addon_name: addonName, project_name: project?.name, project_slug: project?.slug, component_name: component.name, component_slug: component.slug };
    return renderMessage(component.addonMessage, variables);
  }

  /** The add-ons of these names installed on the component, its project or the site. */
  private async installed(component: Pick<Component, 'id' | 'projectId'>, wanted: (name: string) => boolean): Promise<Addon[]> {
    return (await this.addons.applicable(this.dataSource.manager, component.id, component.projectId)).filter((addon) => wanted(addon.name));
  }

  private attempt<T>(addon: Addon, component: Pick<Component, 'id' | 'projectId'>, work: () => Promise<T>): Promise<T | null> {
    return this.execution.attempt(this.dataSource.manager, { addon, event: null, componentId: component.id, projectId: component.projectId }, work);
  }

  /** The languages whose files are in the working copy, the one being added included, the source's left out. */
  private async translationCodes({ component, sourceLanguage }: ComponentContext, repository: WorkingCopy): Promise<string[]> {
    const mask = new Filemask(component.filemask);
    return (await repository.listFiles(component.filemask))
      .map((file) => mask.codeOf(file))
      .filter((code): code is string => code !== null && code !== sourceLanguage.code);
  }

  /** LINGUAS lists the languages whose files are in the working copy. */
  private async writeLinguas(context: ComponentContext, repository: WorkingCopy): Promise<string[]> {
    const path = linguasPath(context.component.filemask, context.component.newBase);
    const text = await repository.readFile(path).then((data) => data.toString('utf8'), () => null);
    // Weblate installs it only where a LINGUAS file exists; one removed since is not recreated.
    if (text === null) return [];
    const updated = updateLinguas(text, await this.translationCodes(context, repository));
    if (updated === null) return [];
    await repository.writeFile(path, updated);
    return [path];
  }

  /** ALL_LINGUAS of the configure scripts at the repository's root lists the languages whose files are in it. */
  private async writeConfigure(context: ComponentContext, repository: WorkingCopy): Promise<string[]> {
    const codes = await this.translationCodes(context, repository);
    const written: string[] = [];
    for (const path of CONFIGURE_FILES) {
      // Weblate installs it only where such a script sets ALL_LINGUAS (see the catalogue): the others are left.
      const script = await repository.readFile(path).catch(() => null);
      const updated = script && updateAllLinguas(script, codes);
      if (!updated) continue;
      await repository.writeFile(path, updated);
      written.push(path);
    }
    return written;
  }

  /** The header comment of each committed PO file credits who changed its strings (the change log's authors). */
  private async creditAuthors({ component }: ComponentContext, repository: WorkingCopy, files: readonly string[]): Promise<string[]> {
    const contributors = await this.changes.contributorsOfFiles(component.id, files);
    const written: string[] = [];
    for (const file of new Set(contributors.map((contributor) => contributor.filename))) {
      const credits = contributors.filter((contributor) => contributor.filename === file).map((contributor) => ({ ...signatureOf(contributor), years: contributor.years }));
      const po = await repository.readFile(file).catch(() => null);
      // A removed translation: its file is gone, and nobody to credit in it.
      const updated = po && updateAuthorComments(po, credits);
      if (!updated) continue;
      await repository.writeFile(file, updated);
      written.push(file);
    }
    return written;
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
    const { configuration } = addon;
    const options = { previous: configuration.previous !== false, noLocation: configuration.no_location === true, fuzzy: configuration.fuzzy !== false };
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
