import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { whereComponentVisible, whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import type { ComponentContext } from '../components/component-context';
import { Component } from '../components/component.entity';
import { ComponentLookup } from '../components/component-lookup';
import { Project } from '../projects/project.entity';
import { Addon } from './addon.entity';

/** An add-on with what it is installed on: a component (and its project), a project, or neither (site-wide). */
export interface AddonContext {
  addon: Addon;
  component: ComponentContext | null;
  /** The project add-on's project; for a component add-on, its component's. */
  project: Project | null;
}

/** Which add-ons a list shows: those of the components and projects the caller sees, and site-wide ones to their managers. */
export interface AddonFilter {
  visibility: ProjectVisibility;
  siteWide: boolean;
}

/** Where an add-on is installed; all null: site-wide. */
export interface AddonTarget {
  componentId: number | null;
  projectId: number | null;
}

@Injectable()
export class AddonsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentLookup,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findAddon(manager: EntityManager, id: number): Promise<Addon | null> {
    return manager.getRepository(Addon).findOneBy({ id });
  }

  async findContext(id: number, manager: EntityManager = this.dataSource.manager): Promise<AddonContext | null> {
    const addon = await manager.getRepository(Addon).findOneBy({ id });
    return addon ? (await this.hydrate([addon], manager))[0] : null;
  }

  count(filter: AddonFilter): Promise<number> {
    return this.filtered(filter).getCount();
  }

  async page(filter: AddonFilter, offset: number, limit: number): Promise<AddonContext[]> {
    return this.hydrate(await this.filtered(filter).orderBy('a.id').offset(offset).limit(limit).getMany());
  }

  /**
   * Serializes installations on one object for this transaction (a unique add-on is installed once even when two
   * requests race): a transaction-level advisory lock keyed by the object.
   */
  async lockTarget(manager: EntityManager, target: AddonTarget): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`addons:${target.componentId ?? ''}:${target.projectId ?? ''}`]);
  }

  /** Names of the add-ons installed on exactly this object. */
  async namesOn(manager: EntityManager, target: AddonTarget): Promise<string[]> {
    const rows = await manager.getRepository(Addon).findBy({ componentId: target.componentId ?? IsNull(), projectId: target.projectId ?? IsNull() });
    return rows.map((row) => row.name);
  }

  insert(manager: EntityManager, fields: Omit<Addon, 'id'>): Promise<Addon> {
    return manager.getRepository(Addon).save(manager.getRepository(Addon).create(fields));
  }

  async updateConfiguration(manager: EntityManager, id: number, configuration: Record<string, unknown>): Promise<void> {
    await manager.query('UPDATE addons SET configuration = $2 WHERE id = $1', [id, JSON.stringify(configuration)]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Addon).delete({ id });
  }

  /** The add-ons that act on what happens in the component (its own, its project's, the site's) or, without one, in the project. */
  applicable(manager: EntityManager, componentId: number | null, projectId: number | null): Promise<Addon[]> {
    return manager
      .getRepository(Addon)
      .createQueryBuilder('a')
      .where('a.component_id = :componentId OR a.project_id = :projectId OR (a.component_id IS NULL AND a.project_id IS NULL)', {
        componentId: componentId ?? -1,
        projectId: projectId ?? -1,
      })
      .orderBy('a.id')
      .getMany();
  }

  /** The add-ons applicable to any of these components and projects (`applicable` for many at once; see appliesTo). */
  applicableToAny(manager: EntityManager, componentIds: readonly (number | null)[], projectIds: readonly (number | null)[]): Promise<Addon[]> {
    const ids = (values: readonly (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];
    return manager
      .getRepository(Addon)
      .createQueryBuilder('a')
      .where('a.component_id = ANY(:componentIds) OR a.project_id = ANY(:projectIds) OR (a.component_id IS NULL AND a.project_id IS NULL)', {
        componentIds: ids(componentIds),
        projectIds: ids(projectIds),
      })
      .orderBy('a.id')
      .getMany();
  }

  /** Ids of the add-ons of these names whose daily run is due. */
  async dueDaily(names: readonly string[]): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM addons WHERE name = ANY($1::text[]) AND (last_daily IS NULL OR last_daily <= now() - interval '1 day') ORDER BY id`,
      [names],
    );
    return rows.map((row) => row.id);
  }

  /** Claims the add-on's daily run for this transaction's process: false when another took it since, or it is gone. */
  async claimDaily(manager: EntityManager, id: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE addons SET last_daily = now() WHERE id = $1 AND (last_daily IS NULL OR last_daily <= now() - interval '1 day') RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** The components an add-on acts on in a run of its own (daily, triggered): its component, its project's, or all. */
  async componentsOf(manager: EntityManager, addon: Addon): Promise<{ id: number; projectId: number }[]> {
    const rows: { id: number; project_id: number }[] = await manager.query(
      `SELECT id, project_id FROM components WHERE ($1::int IS NULL OR id = $1) AND ($2::int IS NULL OR project_id = $2) ORDER BY id`,
      [addon.componentId, addon.projectId],
    );
    return rows.map((row) => ({ id: row.id, projectId: row.project_id }));
  }

  /** The languages each component of the project has a translation into (its source language included). */
  async translationLanguages(projectId: number): Promise<{ componentId: number; languageId: number }[]> {
    const rows: { component_id: number; language_id: number }[] = await this.dataSource.query(
      'SELECT t.component_id, t.language_id FROM translations t JOIN components c ON c.id = t.component_id WHERE c.project_id = $1',
      [projectId],
    );
    return rows.map((row) => ({ componentId: row.component_id, languageId: row.language_id }));
  }

  /** Which of these ids are translations of the component. */
  async translationIdsIn(componentId: number, ids: readonly number[]): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query('SELECT id FROM translations WHERE component_id = $1 AND id = ANY($2::int[])', [componentId, [...ids]]);
    return rows.map((row) => row.id);
  }

  /** Which of these names are labels of the project. */
  async labelNamesIn(projectId: number, names: readonly string[]): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM labels WHERE project_id = $1 AND name = ANY($2::text[])', [projectId, [...names]]);
    return rows.map((row) => row.name);
  }

  private filtered({ visibility, siteWide }: AddonFilter) {
    const visible = this.dataSource
      .createQueryBuilder()
      .select('va.id')
      .from(Addon, 'va')
      .leftJoin(Component, 'vc', 'vc.id = va.component_id')
      .innerJoin(Project, 'vp', 'vp.id = coalesce(va.project_id, vc.project_id)');
    whereProjectVisible(visible, 'vp', visibility);
    whereComponentVisible(visible, 'vc', visibility, { allowMissing: true });
    const query = this.dataSource.getRepository(Addon).createQueryBuilder('a').where(`a.id IN (${visible.getQuery()})`).setParameters(visible.getParameters());
    if (siteWide) query.orWhere('a.component_id IS NULL AND a.project_id IS NULL');
    return query;
  }

  private async hydrate(addons: Addon[], manager: EntityManager = this.dataSource.manager): Promise<AddonContext[]> {
    const componentIds = [...new Set(addons.map((addon) => addon.componentId).filter((id): id is number => id !== null))];
    const components = componentIds.length ? await this.components.hydrate(await manager.getRepository(Component).findBy({ id: In(componentIds) })) : [];
    const projectIds = [...new Set(addons.map((addon) => addon.projectId).filter((id): id is number => id !== null))];
    const projects = projectIds.length ? await manager.getRepository(Project).findBy({ id: In(projectIds) }) : [];
    const componentById = new Map(components.map((context) => [context.component.id, context]));
    const projectById = new Map(projects.map((project) => [project.id, project]));
    return addons.map((addon) => {
      const component = addon.componentId === null ? null : (componentById.get(addon.componentId) ?? null);
      return { addon, component, project: component?.project ?? (addon.projectId === null ? null : (projectById.get(addon.projectId) ?? null)) };
    });
  }
}

/**
 * Whether an add-on of `applicableToAny` acts on what happens in this component (or, without one, this project): its
 * own, its project's components', or anywhere when installed site-wide, as `applicable` reads them.
 */
export function appliesTo(addon: Addon, componentId: number | null, projectId: number | null): boolean {
  if (addon.componentId === null && addon.projectId === null) return true;
  return addon.componentId === (componentId ?? -1) || addon.projectId === (projectId ?? -1);
}
