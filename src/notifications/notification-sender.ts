import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { changeActionName } from '../changes/change-actions';
import { AppConfig } from '../config/app-config';
import { RepeatingWork } from '../core/scheduling/repeating-work';
import { UrlBuilder } from '../core/urls/url-builder';
import { NotificationFrequency } from '../users/notifications.data';
import { Email, Mailer } from './mailer';
import { NotificationEmailsRepository, QueuedEmail } from './notification-emails.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a digest collects before it is sent: from its oldest change. */
const DIGEST_PERIODS: [NotificationFrequency, number, string][] = [
  [NotificationFrequency.Daily, DAY_MS, 'Daily'],
  [NotificationFrequency.Weekly, 7 * DAY_MS, 'Weekly'],
  [NotificationFrequency.Monthly, 30 * DAY_MS, 'Monthly'],
];
const BATCH = 20;

/**
 * Sends the queued notification e-mails, in processes that run background work: instant ones as soon as they are
 * queued, digests once their period has passed, one message per user. An e-mail the server refuses, or a server
 * that does not answer, is tried again later (after 1, 2, 4 … minutes); the request that caused it never waits.
 */
@Injectable()
export class NotificationSender implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('notifications');
  private readonly urls: UrlBuilder;
  private readonly sending = new RepeatingWork(() => this.sendDue());

  constructor(
    private readonly emails: NotificationEmailsRepository,
    private readonly mailer: Mailer,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.urls = new UrlBuilder(config.siteUrl ?? '');
  }

  onApplicationBootstrap(): void {
    if (this.mailer.enabled && this.config.eventsPollMs > 0) this.sending.start(this.config.eventsPollMs);
  }

  /** Before the connections close (their onApplicationShutdown), so no sending is left waiting on them. */
  beforeApplicationShutdown(): Promise<void> {
    return this.sending.stop();
  }

  /** Sends what is due at `now`: every instant e-mail, and the digests whose period has passed. */
  async sendDue(now = new Date()): Promise<void> {
    while ((await this.emails.transaction((manager) => this.sendBatch(() => this.emails.claimInstant(manager, BATCH), manager, false))) === BATCH);
    for (const [frequency, period, label] of DIGEST_PERIODS) {
      while ((await this.emails.transaction((manager) => this.sendBatch(() => this.emails.claimDigest(manager, frequency, period, now), manager, label))) > 0);
    }
  }

  /** Sends the claimed e-mails (one each, or one digest); returns how many were handled. */
  private async sendBatch(claim: () => Promise<QueuedEmail[]>, manager: Parameters<NotificationEmailsRepository['remove']>[0], digest: string | false): Promise<number> {
    const queued = await claim();
    const messages = digest ? (queued.length ? [[queued, this.digestMessage(queued, digest)] as const] : []) : queued.map((email) => [[email], this.instantMessage(email)] as const);
    for (const [emails, message] of messages) {
      const ids = emails.map((email) => email.id);
      try {
        await this.mailer.send(message);
        await this.emails.remove(manager, ids);
      } catch (error) {
        this.logger.warn({ to: message.to, err: error }, 'notification e-mail not sent; it will be tried again');
        await this.emails.postpone(manager, ids, error instanceof Error ? error.message : String(error));
        if (digest) return 0;
      }
    }
    return queued.length;
  }

  private instantMessage(email: QueuedEmail): Email {
    const where = location(email);
    return { to: email.email, subject: `[${this.config.siteTitle}] ${changeActionName(email.action)} in ${where}`, text: `${this.line(email)}\n` };
  }

  private digestMessage(emails: QueuedEmail[], label: string): Email {
    const lines = emails.map((email) => `- ${this.line(email)}`);
    return { to: emails[0].email, subject: `[${this.config.siteTitle}] ${label} digest: ${emails.length} change${emails.length === 1 ? '' : 's'}`, text: `${lines.join('\n')}\n` };
  }

  private line(email: QueuedEmail): string {
    const { subject } = email;
    const by = subject.userName ? ` by ${subject.userName}` : '';
    const text = email.target ? `: ${email.target.length > 500 ? `${email.target.slice(0, 500)}…` : email.target}` : '';
    const link = subject.componentPath === null ? '' : `\n  ${subject.languageCode
      ? this.urls.translationWeb(subject.projectSlug, subject.componentPath, subject.languageCode)
      : this.urls.componentWeb(subject.projectSlug, subject.componentPath)}`;
    return `${changeActionName(email.action)} in ${location(email)}${by}${text}${link}`;
  }
}

function location({ subject }: QueuedEmail): string {
  const component = subject.componentName === null ? '' : `/${subject.componentName}`;
  return `${subject.projectName}${component}${subject.languageCode ? ` (${subject.languageCode})` : ''}`;
}
