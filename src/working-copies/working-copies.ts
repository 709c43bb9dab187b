import { Inject, Injectable } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Component } from '../components/component.entity';
import { AppConfig } from '../config/app-config';
import { LOCAL_REPO } from '../components/component-defaults';
import { createWorkingCopy, GitWorkingCopy } from '../vcs';
import { WorkingCopy } from '../vcs/working-copy';
import { splitCredentials } from '../vcs/repository-url';

/**
 * Where components' working copies live and how to open them: `DATA_DIR/vcs/<project id>/<component id>`.
 * Ids rather than slugs, so renaming a project or component never has to move a directory under a lock.
 */
@Injectable()
export class WorkingCopies {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  dirOf(component: Pick<Component, 'id' | 'projectId'>): string {
    return join(this.config.dataDir, 'vcs', String(component.projectId), String(component.id));
  }

  /**
   * The repository of a component that owns its working copy (callers resolve linked components to their
   * parent first). Private hosts stay blocked at connection time too, unless the installation allows them.
   */
  open(component: Pick<Component, 'id' | 'projectId' | 'repo'>): WorkingCopy {
    if (component.repo === LOCAL_REPO) return new GitWorkingCopy(this.dirOf(component));
    const { credentials } = splitCredentials(component.repo);
    return createWorkingCopy(component.repo, this.dirOf(component), { credentials, blockPrivateHosts: this.config.vcsBlockPrivateHosts });
  }

  async remove(component: Pick<Component, 'id' | 'projectId'>): Promise<void> {
    await rm(this.dirOf(component), { recursive: true, force: true });
  }
}
