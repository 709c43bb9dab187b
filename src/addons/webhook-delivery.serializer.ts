import { UrlBuilder } from '../core/urls/url-builder';
import type { WebhookDelivery } from './webhook-delivery.entity';

/** One entry of a webhook add-on's delivery history (GET /api/addons/<id>/deliveries/). */
export function serializeDelivery(delivery: WebhookDelivery, urls: UrlBuilder) {
  return {
    id: delivery.id,
    change: urls.change(delivery.changeId),
    change_id: delivery.changeId,
    webhook_id: delivery.webhookId,
    status: delivery.status,
    attempts: delivery.attempts,
    response_status: delivery.responseStatus,
    error: delivery.error,
    created: delivery.created.toISOString(),
    delivered: delivery.delivered?.toISOString() ?? null,
  };
}

export type DeliveryResponse = ReturnType<typeof serializeDelivery>;
