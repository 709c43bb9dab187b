import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { ProjectsRepository } from './projects.repository';

/** Resolves `:project` path parameters for the policy guard. */
@Injectable()
export class ProjectTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly projects: ProjectsRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('project', async (params, generation) => {
      const project = params.project ? await this.projects.findBySlug(params.project, generation) : null;
      return project ? { entity: project, scope: { projectId: project.id, accessControl: project.accessControl } } : null;
    });
  }
}
