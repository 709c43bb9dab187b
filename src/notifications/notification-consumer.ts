import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PermissionService } from '../auth/permission.service';
import { componentScope, projectScope } from '../auth/scopes';
import { PermissionScope, UserPermissions } from '../auth/user-permissions';
import { EventBus } from '../events/event-bus';
import { ChangeEvent } from '../events/events';
import { NotificationFrequency, NotificationScope } from '../users/notifications.data';
import { UserLookup } from '../users/user-lookup';
import { Mailer } from './mailer';
import { notificationsOf } from './notification-actions';
import { CandidateSubscription, NotificationEmailsRepository } from './notification-emails.repository';

/** A subscription at a narrower scope decides over a wider one (a component's "no notification" silences "all"). */
const SPECIFICITY: Record<number, number> = {
  [NotificationScope.Component]: 4,
  [NotificationScope.Project]: 3,
  [NotificationScope.Administered]: 2,
  [NotificationScope.Watched]: 2,
  [NotificationScope.All]: 1,
};

/**
 * Subscribes to every change and queues the e-mails it calls for, in the transaction that acknowledges the change:
 * to the subscribers of its notifications whose subscription covers it, who may see its project (and component),
 * never to the one who made it. Without SMTP_URL it does not subscribe at all.
 */
@Injectable()
export class NotificationConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: EventBus,
    private readonly emails: NotificationEmailsRepository,
    private readonly permissions: PermissionService,
    private readonly users: UserLookup,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.mailer.enabled) return;
    await this.bus.subscribe({ consumer: 'notifications', events: ['change'], handle: (event, _name, manager) => this.queueFor(event, manager) });
  }

  private async queueFor(event: ChangeEvent, manager: EntityManager): Promise<void> {
    const notifications = notificationsOf(event.action);
    if (event.projectId === null || notifications.length === 0) return;
    const candidates = await this.emails.candidates(manager, notifications, event.userId);
    const subject = candidates.length > 0 ? await this.emails.subjectOf(manager, event.projectId, event.componentId) : null;
    if (!subject) return;
    const project = { id: event.projectId, accessControl: subject.accessControl };
    const scope = event.componentId === null ? projectScope(project) : componentScope({ project, component: { id: event.componentId, restricted: subject.restricted } });
    const queued = new Map<string, { userId: number; changeId: number; notification: string; frequency: number }>();
    for (const [userId, subscriptions] of groupByUser(candidates)) {
      const user = await this.users.findById(userId);
      const permissions = user && (await this.permissions.forUser(user));
      if (!permissions?.canSee(scope)) continue;
      for (const notification of notifications) {
        const chosen = subscriptions
          .filter((subscription) => subscription.notification === notification && covers(subscription, event, permissions, scope))
          .sort((a, b) => SPECIFICITY[b.scope] - SPECIFICITY[a.scope])[0];
        if (!chosen || chosen.frequency === NotificationFrequency.None) continue;
        // One e-mail per change and frequency, whichever of the user's notifications asked for it first.
        queued.set(`${userId}:${chosen.frequency}`, { userId, changeId: event.changeId, notification, frequency: chosen.frequency });
      }
    }
    await this.emails.queue(manager, [...queued.values()]);
  }
}

function covers(subscription: CandidateSubscription, event: ChangeEvent, permissions: UserPermissions, scope: PermissionScope): boolean {
  switch (subscription.scope) {
    case NotificationScope.All:
      return true;
    case NotificationScope.Administered:
      return permissions.administers(scope);
    case NotificationScope.Project:
      return subscription.projectId === event.projectId;
    case NotificationScope.Component:
      return subscription.componentId !== null && subscription.componentId === event.componentId;
    default:
      // Watched: this server keeps no watched projects yet, so nothing is watched.
      return false;
  }
}

function groupByUser(subscriptions: CandidateSubscription[]): Map<number, CandidateSubscription[]> {
  const byUser = new Map<number, CandidateSubscription[]>();
  for (const subscription of subscriptions) byUser.set(subscription.userId, [...(byUser.get(subscription.userId) ?? []), subscription]);
  return byUser;
}
