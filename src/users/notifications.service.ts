import { Injectable } from '@nestjs/common';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { CreateNotificationDto } from './dto/create-notification.dto';
import { UpdateNotificationDto } from './dto/update-notification.dto';
import { NotificationSubscription } from './notification-subscription.entity';
import { NotificationScope } from './notifications.data';
import { User } from './user.entity';
import { NotificationResponse, serializeNotification } from './user.serializer';
import { SubscriptionFields, UsersRepository } from './users.repository';
import type { Actor } from '../auth/policy/current-actor';
import { isSelf, UsersService } from './users.service';
import { demand } from '../auth/policy/object-rules';
import { USER_RULES } from './user.rules';

/** A user's notification subscriptions; managed by the user, or by holders of user.edit. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  async list(actor: Actor, username: string, request: PageRequest): Promise<Page<NotificationResponse>> {
    const owner = await this.findOwner(actor, username);
    const count = await this.repository.countSubscriptions(owner.id);
    return paginate(request, count, async (offset, limit) => {
      const subscriptions = await this.repository.pageSubscriptions(owner.id, offset, limit);
      return subscriptions.map(serializeNotification);
    });
  }

  async get(actor: Actor, username: string, id: string): Promise<NotificationResponse> {
    const owner = await this.findOwner(actor, username);
    return serializeNotification(await this.findSubscription(owner, id));
  }

  async create(actor: Actor, username: string, dto: CreateNotificationDto): Promise<NotificationResponse> {
    const owner = await this.findOwner(actor, username);
    const subscription = Object.assign(new NotificationSubscription(), { userId: owner.id, projectId: null, componentId: null });
    return this.store(owner, subscription, dto);
  }

  /** PUT and PATCH alike: PUT's body class requires every field, PATCH's none. */
  async update(actor: Actor, username: string, id: string, dto: UpdateNotificationDto): Promise<NotificationResponse> {
    const owner = await this.findOwner(actor, username);
    return this.store(owner, await this.findSubscription(owner, id), dto);
  }

  async remove(actor: Actor, username: string, id: string): Promise<void> {
    const owner = await this.findOwner(actor, username);
    const subscription = await this.findSubscription(owner, id);
    await this.repository.transaction((manager) => this.repository.deleteSubscription(manager, subscription.id));
  }

  /** Invisible accounts are 404; someone else's visible account (user.view without user.edit) is 403. */
  private async findOwner(actor: Actor, username: string): Promise<User> {
    const owner = await this.users.findExisting(username);
    if (!isSelf(actor, owner)) demand(actor.permissions, USER_RULES.manageOthersNotifications);
    return owner;
  }

  /** Ids in the path are checked here so that `abc` or an id past the integer range is a 404, not a database error. */
  private async findSubscription(owner: User, rawId: string): Promise<NotificationSubscription> {
    const subscription = /^\d{1,9}$/.test(rawId) ? await this.repository.findSubscription(owner.id, Number(rawId)) : null;
    if (!subscription) throw new NotFoundError();
    return subscription;
  }

  private async store(owner: User, subscription: NotificationSubscription, dto: UpdateNotificationDto): Promise<NotificationResponse> {
    const fields: SubscriptionFields = {
      notification: dto.notification ?? subscription.notification,
      scope: dto.scope ?? subscription.scope,
      frequency: dto.frequency ?? subscription.frequency,
    };
    assertSiteWideScope(fields.scope);
    const saved = await this.repository.transaction(async (manager) => {
      if (await this.repository.subscriptionTaken(manager, owner.id, fields, subscription.id ?? null)) {
        throw ValidationError.field('non_field_errors', 'The fields notification, scope, project, component, user must make a unique set.', 'unique');
      }
      return this.repository.saveSubscription(manager, Object.assign(subscription, fields));
    });
    return serializeNotification(saved);
  }
}

/**
 * Project and component scopes name the project or component they cover. Projects and components cannot be
 * referenced from a subscription yet, so such a subscription could not be stored honestly: refuse it.
 */
function assertSiteWideScope(scope: NotificationScope): void {
  if (scope === NotificationScope.Project) {
    throw ValidationError.field('project', 'The project scope needs a project; subscriptions to a project are not supported yet.');
  }
  if (scope === NotificationScope.Component) {
    throw ValidationError.field('component', 'The component scope needs a component; subscriptions to a component are not supported yet.');
  }
}
