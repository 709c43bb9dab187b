import { Injectable, Logger } from '@nestjs/common';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { AppConfig } from '../config/app-config';
import { checkRepositoryUrl } from '../vcs/url-policy';
import { AddonsRepository } from './addons.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { postWebhook } from './webhook-http';
import { signWebhook } from './webhook-payload';

/** Attempts per delivery: the first and four retries, each waiting twice as long as the one before. */
const WEBHOOK_ATTEMPTS = 5;

/**
 * Rounds the queue gives a delivery: its attempts, and a few more for rounds that found its row not committed yet
 * (those send nothing). A delivery whose row appears after them is resumed by the next process (ResumeWebhookDeliveries).
 */
export const QUEUE_ROUNDS = WEBHOOK_ATTEMPTS + 3;

/**
 * Makes the attempts of webhook deliveries (what the queue runs), recording each in the delivery's history; a
 * delivery given up after the last attempt is recorded as the add-on's failure (an AddonScriptError alert).
 */
@Injectable()
export class WebhookSender {
  private readonly logger = new Logger('webhooks');

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly addons: AddonsRepository,
    private readonly changes: ChangesService,
    private readonly config: AppConfig,
  ) {}

  /**
   * One attempt at a delivery; the delivery's own count says whether it is the last. 'retry': it failed and may be
   * tried again; 'not-yet': its row is not committed yet (it was queued inside the event's transaction); 'done':
   * delivered, given up, or nothing left to deliver.
   */
  async attempt(id: number): Promise<'done' | 'retry' | 'not-yet'> {
    const pending = await this.deliveries.pending(id);
    if (pending === null) return 'not-yet';
    if (pending === 'settled') return 'done';
    const { delivery, url, secret, addon } = pending;
    const last = delivery.attempts + 1 >= WEBHOOK_ATTEMPTS;
    let responseStatus: number | null = null;
    let error = '';
    try {
      const publicOnly = this.config.vcsBlockPrivateHosts;
      // The URL was checked when configured; the policy may have changed since, and the host's addresses with it.
      await checkRepositoryUrl(url, { allowedSchemes: ['http', 'https'], blockPrivateHosts: publicOnly });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = { 'webhook-id': delivery.webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, delivery.webhookId, timestamp, delivery.payload) };
      responseStatus = await postWebhook(url, headers, delivery.payload, publicOnly);
      if (responseStatus >= 200 && responseStatus < 300) {
        await this.deliveries.recordAttempt(id, { status: 'delivered', responseStatus, error: '' });
        return 'done';
      }
      error = `The receiver answered ${responseStatus}.`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await this.deliveries.recordAttempt(id, { status: last ? 'failed' : 'pending', responseStatus, error });
    if (!last) return 'retry';
    this.logger.warn({ deliveryId: id, addonId: delivery.addonId, error }, 'webhook delivery given up');
    await this.addons.transaction((manager) =>
      this.changes.record(manager, {
        action: ChangeAction.Alert,
        componentId: addon.componentId,
        projectId: addon.projectId,
        target: `Add-on ${addon.name} failed: ${error}`.slice(0, 2000),
        details: { alert: 'AddonScriptError', addon: addon.name, addon_id: delivery.addonId, delivery_id: id, change_id: delivery.changeId, error: error.slice(0, 2000) },
      }),
    );
    return 'done';
  }
}
