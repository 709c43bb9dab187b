import { Controller, Delete, Get, HttpCode, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { posix } from 'node:path';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { NotFoundError } from '../core/errors/domain-error';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { WorkingCopies } from '../working-copies/working-copies';
import { VcsError } from '../vcs/vcs-error';
import { ComponentDeletionService } from './component-deletion.service';
import { workingCopyOwner, type ComponentContext } from './component-context';
import { contentDisposition } from '../core/http/content-disposition';
import { repositoryPathProblem } from '../vcs/work-tree';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

const CONTENT_TYPES: Record<string, string> = {
  '.po': 'application/x-gettext',
  '.pot': 'application/x-gettext',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xlf': 'application/xml',
  '.xliff': 'application/xml',
};

/**
 * What touches a component's files in its working copy: DELETE (the component with its working copy) and the
 * downloads of its configured files, the monolingual base (`template`) and the new-language base (`new_base`).
 */
@ApiTags('components')
@Controller('api/components/:project/:component')
export class ComponentFilesController {
  constructor(
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly deletion: ComponentDeletionService,
  ) {}

  @Delete()
  @HttpCode(204)
  @RequirePermission('component.edit', 'component')
  async remove(@CurrentActor() actor: Actor, @Target() context: ComponentContext): Promise<void> {
    await this.deletion.remove(context, actor.user);
  }

  @Get('monolingual_base')
  @RequirePermission('translation.download', 'component')
  monolingualBase(@Target() context: ComponentContext): Promise<StreamableFile> {
    return this.download(context, context.component.template);
  }

  @Get('new_template')
  @RequirePermission('translation.download', 'component')
  newTemplate(@Target() context: ComponentContext): Promise<StreamableFile> {
    return this.download(context, context.component.newBase);
  }

  /**
   * Reads the file whole under the repository lock, so a pull or reset running at the same time cannot hand
   * out half a file; these are single source files, small enough to hold in memory.
   */
  private async download(context: ComponentContext, path: string): Promise<StreamableFile> {
    if (!path) throw new NotFoundError('No file configured.');
    // WorkingCopy.readFile refuses paths leaving the work tree too; this keeps such settings from reaching it at all.
    if (repositoryPathProblem(path) !== null) throw new NotFoundError('File not found.');
    const owner = workingCopyOwner(context);
    const data = await this.locks.withLock(String(owner.id), async () => {
      try {
        return await this.workingCopies.open(owner).readFile(path);
      } catch (error) {
        // No such file, an invalid path, or no working copy at all (a pending or failed setup).
        if (error instanceof VcsError || (error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError('File not found.');
        throw error;
      }
    });
    const name = posix.basename(path.replace(/\\/g, '/'));
    return new StreamableFile(data, {
      type: CONTENT_TYPES[posix.extname(name).toLowerCase()] ?? 'text/plain',
      disposition: contentDisposition(name),
      length: data.length,
    });
  }
}
