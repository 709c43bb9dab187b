import { Injectable } from '@nestjs/common';
import { LoadedTarget, TargetKind, TargetLoader } from '../core/auth/target';
import { ProjectsRepository } from './projects.repository';

/** Resolves `:project` path parameters for the policy guard. */
@Injectable()
export class ProjectTargetLoader extends TargetLoader {
  constructor(private readonly projects: ProjectsRepository) {
    super();
  }

  async load(kind: TargetKind, params: Record<string, string>): Promise<LoadedTarget | null> {
    if (kind !== 'project' || !params.project) return null;
    const project = await this.projects.findBySlug(params.project);
    return project ? { entity: project, scope: { projectId: project.id, accessControl: project.accessControl } } : null;
  }
}
