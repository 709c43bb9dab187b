import { Injectable, OnModuleInit } from '@nestjs/common';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { WorkingCopies } from '../working-copies/working-copies';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { TaskProgress } from '../tasks/jobs';
import { TranslationScanner } from '../units/translation-scanner';
import { redactUrl } from '../vcs/repository-url';
import { Component } from './component.entity';
import { LOCAL_REPO } from './component-defaults';
import { ComponentsRepository } from './components.repository';
import { ComponentLookup } from './component-lookup';
import { workingCopyOwner } from './component-context';

/**
 * The background half of component creation: clone the repository (or attach to the shared one), then find
 * the translation files. If anything fails, the component is removed again, so no half-made component
 * stays behind, and the task reports why.
 */
@Injectable()
export class ComponentSetupJob implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly components: ComponentsRepository,
    private readonly lookup: ComponentLookup,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly scanner: TranslationScanner,
  ) {}

  onModuleInit(): void {
    this.registry.register('component.setup', ({ componentId, restored }, progress) => this.run(componentId, progress, restored ?? false), {
      // Its process died mid-clone: the half-made component and working copy go, as when the setup fails.
      whenAbandoned: async ({ componentId }) => {
        const context = await this.lookup.findById(componentId);
        if (context) await this.undo(context.component, !context.linked);
      },
    });
  }

  async run(componentId: number, progress: TaskProgress, restored = false): Promise<unknown> {
    const context = await this.lookup.findById(componentId);
    if (!context) throw new Error('The component no longer exists.');
    const owner = workingCopyOwner(context);
    try {
      return await this.locks.withLock(String(owner.id), async () => {
        const repository = this.workingCopies.open(owner);
        if (context.linked) {
          await progress.report(10, `Using the repository of ${context.linked.projectSlug}/${context.linked.path}`);
        } else if (owner.repo === LOCAL_REPO) {
          await progress.report(10, 'Using the uploaded files');
        } else if (restored) {
          await progress.report(10, 'Using the repository from the project backup');
        } else {
          await progress.report(10, `Cloning ${redactUrl(owner.repo)}${owner.branch ? ` (branch ${owner.branch})` : ''}`);
          // A run again after its worker died (a stalled job Bull hands to another worker) finds that run's partial
          // clone: the working copy is this setup's own until it completes, so it starts afresh.
          await this.workingCopies.remove(owner);
          await repository.clone(owner.repo, owner.branch);
          const { branch } = await repository.status([]);
          if (!owner.branch) await this.components.update(owner.id, { branch });
        }
        await progress.report(60, 'Looking for translation files');
        const result = await this.components.transaction((manager) => this.scanner.scan(manager, context.component, repository));
        const summary = `Found ${result.languages.length} translation(s)${result.languages.length ? `: ${result.languages.join(', ')}` : ''}, ${result.units} string(s)`;
        await progress.report(90, summary);
        for (const { path, reason } of [...result.skipped, ...result.unreadable]) await progress.report(90, `Skipped ${path}: ${reason}`);
        return { component: componentId, translations: result.languages, skipped: result.skipped, unreadable: result.unreadable };
      }, 60_000);
    } catch (error) {
      await this.undo(context.component, !context.linked);
      throw error;
    }
  }

  private async undo(component: Component, ownsWorkingCopy: boolean): Promise<void> {
    await this.components.delete(component.id);
    if (ownsWorkingCopy) await this.workingCopies.remove(component);
  }
}
