import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';
import { categoryPathSql } from '../categories/category-path.sql';
import type { WebhookSource } from './webhook-payload';

/** A delivery with what sending it takes: its add-on's URL and secret, and where the add-on is (for its failure). */
export interface PendingDelivery {
  delivery: WebhookDelivery;
  url: string;
  secret: string;
  addon: { name: string; componentId: number | null; projectId: number | null };
}

interface SourceRow {
  id: number;
  action: number;
  timestamp: Date;
  target: string;
  old: string;
  user_name: string | null;
  author_name: string | null;
  project_slug: string | null;
  component_slug: string | null;
  category_slugs: string[] | null;
  language_code: string | null;
  unit_source: string[] | null;
  unit_context: string | null;
  id_hash: string | null;
}

/** The history of webhook add-ons' deliveries (`webhook_deliveries`), and what their payloads are built from. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The change with the names its payload carries; null when it is gone. `webUrl` builds its page's URL from the names. */
  async source(manager: EntityManager, changeId: number): Promise<(WebhookSource & { idHash: string | null }) | null> {
    const rows: SourceRow[] = await manager.query(
      `SELECT ch.id, ch.action, ch.timestamp, ch.target, ch.old, us.username AS user_name, au.username AS author_name,
              p.slug AS project_slug, c.slug AS component_slug, tr.language_code, un.source AS unit_source, un.context AS unit_context,
              un.id_hash::text AS id_hash,
              string_to_array(${categoryPathSql('c.category_id')}, '/') AS category_slugs
         FROM changes ch
         LEFT JOIN users us ON us.id = ch.user_id
         LEFT JOIN users au ON au.id = ch.author_id
         LEFT JOIN projects p ON p.id = ch.project_id
         LEFT JOIN components c ON c.id = ch.component_id
         LEFT JOIN translations tr ON tr.id = ch.translation_id
         LEFT JOIN units un ON un.id = ch.unit_id
        WHERE ch.id = $1`,
      [changeId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      changeId: row.id, action: row.action, timestamp: row.timestamp, target: row.target, old: row.old, userName: row.user_name,
      authorName: row.author_name, projectSlug: row.project_slug, componentSlug: row.component_slug, categorySlugs: row.category_slugs ?? [],
      languageCode: row.language_code, unitSource: row.unit_source, unitContext: row.unit_context, url: null, idHash: row.id_hash,
    };
  }

  /** Records a delivery to make; null when this change was already queued for the add-on (events come at least once). */
  async insert(manager: EntityManager, fields: Pick<WebhookDelivery, 'addonId' | 'changeId' | 'webhookId' | 'payload'>): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO webhook_deliveries (addon_id, change_id, webhook_id, payload) VALUES ($1, $2, $3, $4)
       ON CONFLICT (addon_id, change_id) DO NOTHING RETURNING id`,
      [fields.addonId, fields.changeId, fields.webhookId, fields.payload],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * A delivery still to make, with its add-on's URL and secret; 'settled' once it is made or given up; null while its
   * row is not there: not committed yet (the job can start before the event's transaction ends), or its add-on removed.
   * The row is read first and once: asked in two reads, a commit between them would look like a settled delivery.
   */
  async pending(id: number): Promise<PendingDelivery | 'settled' | null> {
    const delivery = await this.dataSource.getRepository(WebhookDelivery).findOneBy({ id });
    if (!delivery) return null;
    if (delivery.status !== 'pending') return 'settled';
    const rows: { url: string | null; secret: string | null; name: string; component_id: number | null; project_id: number | null }[] = await this.dataSource.query(
      `SELECT configuration->>'webhook_url' AS url, configuration->>'secret' AS secret, name, component_id, project_id FROM addons WHERE id = $1`,
      [delivery.addonId],
    );
    const row = rows[0];
    if (!row) return null;
    return { delivery, url: row.url ?? '', secret: row.secret ?? '', addon: { name: row.name, componentId: row.component_id, projectId: row.project_id } };
  }

  async recordAttempt(id: number, outcome: { status: WebhookDelivery['status']; responseStatus: number | null; error: string }): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, status = $2::varchar, response_status = $3::int, error = $4::text,
              delivered = CASE WHEN $2::varchar = 'delivered' THEN now() ELSE delivered END
        WHERE id = $1`,
      [id, outcome.status, outcome.responseStatus, outcome.error.slice(0, 2000)],
    );
  }

  /** Deliveries left pending (a process stopped while they waited for a retry), for the next process to resume. */
  async pendingIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM webhook_deliveries WHERE status = 'pending' ORDER BY id`);
    return rows.map((row) => row.id);
  }

  count(addonId: number): Promise<number> {
    return this.dataSource.getRepository(WebhookDelivery).countBy({ addonId });
  }

  page(addonId: number, offset: number, limit: number): Promise<WebhookDelivery[]> {
    return this.dataSource.getRepository(WebhookDelivery).find({ where: { addonId }, order: { id: 'DESC' }, skip: offset, take: limit });
  }
}
