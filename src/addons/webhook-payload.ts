import { createHmac } from 'node:crypto';
import { changeActionName } from '../changes/change-actions';

/** What a change's webhook payload is built from: the change with the names of what it mentions. */
export interface WebhookSource {
  changeId: number;
  action: number;
  timestamp: Date;
  target: string;
  old: string;
  userName: string | null;
  authorName: string | null;
  projectSlug: string | null;
  componentSlug: string | null;
  categorySlugs: string[];
  languageCode: string | null;
  unitSource: string[] | null;
  unitContext: string | null;
  /** The web page of what the change is about, when the site's URL is known (SITE_URL). */
  url: string | null;
}

/**
 * Weblate sends a change's texts as lists of plural forms. The change log here keeps one text (forms joined by
 * newlines, which a form may contain too): it is sent as one form rather than split wrongly.
 */
const forms = (text: string) => [text];

/**
 * Weblate's messaging payload (weblate-messaging.schema.json, OpenAPI `webhooks.AddonWebhook`): the change's id,
 * action name and time, and whichever of the rest the change has.
 */
export function webhookPayload(source: WebhookSource): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    change_id: source.changeId,
    action: changeActionName(source.action),
    timestamp: source.timestamp.toISOString(),
  };
  if (source.target) payload.target = forms(source.target);
  if (source.old) payload.old = forms(source.old);
  if (source.unitSource) payload.source = source.unitSource;
  if (source.url) payload.url = source.url;
  if (source.authorName) payload.author = source.authorName;
  if (source.userName) payload.user = source.userName;
  if (source.projectSlug) payload.project = source.projectSlug;
  if (source.componentSlug) payload.component = source.componentSlug;
  if (source.languageCode) payload.translation = source.languageCode;
  if (source.categorySlugs.length) payload.category = source.categorySlugs;
  if (source.unitContext) payload.context = source.unitContext;
  return payload;
}

/**
 * Standard Webhooks' signature: `v1,` and the base64 HMAC-SHA256, keyed with the secret (base64, after an optional
 * `whsec_`), of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
