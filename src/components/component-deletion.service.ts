import { Injectable } from '@nestjs/common';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ValidationError } from '../core/errors/domain-error';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { ScreenshotStorage } from '../screenshots/screenshot-storage';
import { WorkingCopies } from '../working-copies/working-copies';
import { ComponentsRepository } from './components.repository';
import { workingCopyOwner, type ComponentContext } from './component-context';
import { isPgError, PG_ERROR } from '../database/pg-error';
import { changeAuthor, type ComponentAuthor } from './component-author';

const HAS_LINKED = 'Component is used by linked components; delete or unlink them first.';

/**
 * DELETE of a component: its row (translations, links and list memberships cascade), its screenshots' images
 * and, when it owns one, its working copy. Both happen under the repository lock of the working copy it uses, so no
 * operation is halfway through that directory while it goes.
 */
@Injectable()
export class ComponentDeletionService {
  constructor(
    private readonly components: ComponentsRepository,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly changes: ChangesService,
    private readonly screenshots: ScreenshotStorage,
  ) {}

  async remove(context: ComponentContext, by: ComponentAuthor): Promise<void> {
    const { component } = context;
    const owner = workingCopyOwner(context);
    await this.locks.withLock(String(owner.id), async () => {
      const images = await this.components.screenshotImages(component.id);
      await this.deleteRow(context, by);
      if (component.linkedComponentId === null) await this.workingCopies.remove(component);
      // The screenshot rows went with the translations; their image files go once that is committed.
      for (const image of images) await this.screenshots.remove(image);
    });
  }

  /**
   * Components sharing this one's working copy point at it with a restricting foreign key: refuse
   * clearly instead. The check covers the usual case; a link made concurrently still trips the key.
   */
  private async deleteRow({ component, path }: ComponentContext, by: ComponentAuthor): Promise<void> {
    try {
      await this.components.transaction(async (manager) => {
        if (await this.components.hasLinkedComponents(component.id, manager)) throw ValidationError.field(null, HAS_LINKED);
        await this.components.delete(component.id, manager);
        // The component's own history goes with it; the removal is remembered by its project, as in Weblate.
        const { details, ...author } = changeAuthor(by);
        await this.changes.record(manager, {
          action: ChangeAction.RemoveComponent, projectId: component.projectId, ...author, target: path, details: { component: component.name, ...details },
        });
      });
    } catch (error) {
      if (isPgError(error, PG_ERROR.foreignKeyViolation)) {
        throw ValidationError.field(null, HAS_LINKED);
      }
      throw error;
    }
  }
}
