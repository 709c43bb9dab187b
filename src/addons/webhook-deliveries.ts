import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { UrlBuilder } from '../core/urls/url-builder';
import type { ChangeEvent } from '../events/events';
import type { Addon } from './addon.entity';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookSource, webhookPayload } from './webhook-payload';
import { WebhookQueue } from './webhook-queue';

/**
 * Weblate's webhook add-on (weblate.webhook.webhook): each selected change is POSTed to the configured URL as
 * Weblate's messaging payload, signed as Standard Webhooks. In the event's transaction a delivery is only recorded
 * and queued; the request is made in the background (WebhookSender), retried with backoff, and its history kept.
 */
@Injectable()
export class WebhookDeliveries {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: WebhookQueue,
    private readonly config: AppConfig,
  ) {}

  /** Returns 1 when the change was queued for the add-on, 0 when it is not one the add-on sends (or was queued before). */
  async enqueue(manager: EntityManager, addon: Addon, event: ChangeEvent): Promise<number> {
    const selected = addon.configuration.events;
    if (!Array.isArray(selected) || !selected.includes(event.action)) return 0;
    const source = await this.deliveries.source(manager, event.changeId);
    if (!source) return 0;
    const payload = JSON.stringify(webhookPayload({ ...source, url: this.pageOf(source) }));
    const id = await this.deliveries.insert(manager, { addonId: addon.id, changeId: event.changeId, webhookId: `msg_${randomUUID().replaceAll('-', '')}`, payload });
    if (id === null) return 0;
    await this.queue.add(id);
    return 1;
  }

  /** Weblate's `url`: the page of the string, translation, component or project, when the site's URL is configured. */
  private pageOf(source: WebhookSource & { idHash: string | null }): string | null {
    if (!this.config.siteUrl || !source.projectSlug) return null;
    const urls = new UrlBuilder(this.config.siteUrl);
    if (!source.componentSlug) return urls.projectWeb(source.projectSlug);
    const path = [...source.categorySlugs, source.componentSlug].join('/');
    if (!source.languageCode) return urls.componentWeb(source.projectSlug, path);
    if (source.idHash === null) return urls.translationWeb(source.projectSlug, path, source.languageCode);
    return urls.unitWeb(source.projectSlug, path, source.languageCode, source.idHash);
  }
}
