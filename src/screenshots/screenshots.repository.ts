import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { Project } from '../projects/project.entity';
import { TranslationLookup } from '../translations/translation-lookup';
import type { TranslationContext } from '../translations/translation-context';
import { Screenshot, ScreenshotUnit } from './screenshot.entity';

/** A screenshot with what serialization and access checks need: its translation (and so project) and its strings. */
export interface ScreenshotContext {
  screenshot: Screenshot;
  translation: TranslationContext;
  /** The units it shows, by id. */
  unitIds: number[];
}

/** Which screenshots a list shows: those of the projects the caller can see, or of one component. */
export interface ScreenshotFilter {
  visibility?: ProjectVisibility;
  componentId?: number;
}

@Injectable()
export class ScreenshotsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly translations: TranslationLookup,
  ) {}

  async findContext(id: number, manager: EntityManager = this.dataSource.manager): Promise<ScreenshotContext | null> {
    const screenshot = await manager.getRepository(Screenshot).findOneBy({ id });
    return screenshot ? (await this.hydrate([screenshot], manager))[0] : null;
  }

  /** The row locked until the transaction ends, so concurrent file replacements each see the other's file. */
  lockForUpdate(manager: EntityManager, id: number): Promise<Screenshot | null> {
    return manager.getRepository(Screenshot).createQueryBuilder('s').setLock('pessimistic_write').where('s.id = :id', { id }).getOne();
  }

  insert(manager: EntityManager, fields: Omit<Screenshot, 'id' | 'timestamp'>): Promise<Screenshot> {
    return manager.getRepository(Screenshot).save(fields);
  }

  /** False when there is no such screenshot (any more). */
  async update(id: number, changes: Partial<Screenshot>, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return Boolean((await manager.getRepository(Screenshot).update({ id }, changes)).affected);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Screenshot).delete({ id });
  }

  count(filter: ScreenshotFilter): Promise<number> {
    return this.filtered(filter).getCount();
  }

  async page(filter: ScreenshotFilter, offset: number, limit: number): Promise<ScreenshotContext[]> {
    return this.hydrate(await this.filtered(filter).orderBy('s.id').offset(offset).limit(limit).getMany());
  }

  findProjectBySlug(slug: string): Promise<Project | null> {
    return this.dataSource.getRepository(Project).findOneBy({ slug });
  }

  /**
   * The unit of the translation that stands for the given unit of the same component: itself, or the unit of
   * that translation with the same string (same id_hash), e.g. the source string of a translated one.
   */
  async findCounterpartUnit(unitId: number, componentId: number, translationId: number): Promise<number | null> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT counterpart.id
       FROM units u
       JOIN translations ut ON ut.id = u.translation_id
       JOIN units counterpart ON counterpart.translation_id = $3 AND counterpart.id_hash = u.id_hash
       WHERE u.id = $1 AND ut.component_id = $2
       ORDER BY counterpart.id <> u.id, counterpart.id
       LIMIT 1`,
      [unitId, componentId, translationId],
    );
    return rows.length ? rows[0].id : null;
  }

  async addUnit(manager: EntityManager, screenshotId: number, unitId: number): Promise<void> {
    await manager.query('INSERT INTO screenshot_units (screenshot_id, unit_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [screenshotId, unitId]);
  }

  async removeUnit(manager: EntityManager, screenshotId: number, unitId: number): Promise<boolean> {
    const result = await manager.getRepository(ScreenshotUnit).delete({ screenshotId, unitId });
    return Boolean(result.affected);
  }

  private filtered(filter: ScreenshotFilter): SelectQueryBuilder<Screenshot> {
    const query = this.dataSource
      .getRepository(Screenshot)
      .createQueryBuilder('s')
      .innerJoin('translations', 't', 't.id = s.translation_id')
      .innerJoin('components', 'c', 'c.id = t.component_id')
      .innerJoin('projects', 'p', 'p.id = c.project_id');
    if (filter.componentId !== undefined) query.andWhere('c.id = :componentId', { componentId: filter.componentId });
    if (filter.visibility) whereProjectVisible(query, 'p', filter.visibility, 'c');
    return query;
  }

  /** Translations and units of many screenshots in a few queries. */
  private async hydrate(screenshots: Screenshot[], manager: EntityManager = this.dataSource.manager): Promise<ScreenshotContext[]> {
    if (screenshots.length === 0) return [];
    const translations = await this.translations.findByIds([...new Set(screenshots.map((s) => s.translationId))]);
    const translationById = new Map(translations.map((context) => [context.translation.id, context]));
    const links = await manager.getRepository(ScreenshotUnit).find({
      where: { screenshotId: In(screenshots.map((s) => s.id)) },
      order: { unitId: 'ASC' },
    });
    const unitIds = new Map<number, number[]>();
    for (const link of links) unitIds.set(link.screenshotId, [...(unitIds.get(link.screenshotId) ?? []), link.unitId]);
    return screenshots.map((screenshot) => ({
      screenshot,
      translation: translationById.get(screenshot.translationId)!,
      unitIds: unitIds.get(screenshot.id) ?? [],
    }));
  }
}
