import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ComponentContext } from './component-context';
import type { Component } from './component.entity';
import { ComponentLookupRepository } from './component-lookup.repository';

/** How other modules find components: the components module's queries stay behind this. */
@Injectable()
export class ComponentLookup {
  constructor(private readonly components: ComponentLookupRepository) {}

  /** With an access generation (see `LoadTarget`), from the cache kept under it when there. */
  findByPath(projectSlug: string, path: string, generation?: string): Promise<ComponentContext | null> {
    return this.components.findByPath(projectSlug, path, generation);
  }

  /** By id as of the access generation, from the cache kept under it when there. */
  findCurrent(id: number, generation: string): Promise<ComponentContext | null> {
    return this.components.findCurrent(id, generation);
  }

  findById(id: number, manager?: EntityManager): Promise<ComponentContext | null> {
    return this.components.findById(id, manager);
  }

  /** Every component of the project (those in categories too), ordered by name. */
  findAllOfProject(projectId: number): Promise<ComponentContext[]> {
    return this.components.findAllOfProject(projectId);
  }

  /** Components owning a working copy of the repository a push notification names. */
  findRepositoryOwners(urls: string[], fullName: string): Promise<ComponentContext[]> {
    return this.components.findRepositoryOwners(urls, fullName);
  }

  /** The owner of a working copy and every component sharing it. */
  sharingWorkingCopy(ownerId: number): Promise<Component[]> {
    return this.components.sharingWorkingCopy(ownerId);
  }

  /** Remembers why the last merge of the working copy failed ('' once one succeeds), shown as `merge_failure`. */
  async recordMergeFailure(ownerId: number, failure: string): Promise<void> {
    await this.components.setMergeFailure(ownerId, failure);
  }

  /** Components another module loaded (by id or in a join), with their project, languages and links. */
  hydrate(components: Component[]): Promise<ComponentContext[]> {
    return this.components.hydrate(components);
  }
}
