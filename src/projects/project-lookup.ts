import { Injectable } from '@nestjs/common';
import type { Project } from './project.entity';
import { ProjectsRepository } from './projects.repository';

/** How other modules find projects: the projects module's queries stay behind this. */
@Injectable()
export class ProjectLookup {
  constructor(private readonly projects: ProjectsRepository) {}

  findBySlug(slug: string): Promise<Project | null> {
    return this.projects.findBySlug(slug);
  }

  findById(id: number): Promise<Project | null> {
    return this.projects.findById(id);
  }
}
