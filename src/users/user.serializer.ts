import { UrlBuilder } from '../core/urls/url-builder';
import { NotificationSubscription } from './notification-subscription.entity';
import { User } from './user.entity';

/** Weblate's FullUserSerializer, for callers who may see the record (the user, or holders of user.view/user.edit). */
export interface UserResponse {
  id: number;
  email: string;
  full_name: string;
  username: string;
  groups: string[];
  notifications: string[];
  is_superuser: boolean;
  is_active: boolean;
  is_bot: boolean;
  date_joined: string;
  date_expires: string | null;
  last_login: string | null;
  url: string;
  statistics_url: string;
  contributions_url: string;
}

/** What a user record links to, loaded beside the entity. */
export interface UserLinks {
  groupIds: number[];
  subscriptionIds: number[];
}

export function serializeUser(user: User, links: UserLinks, urls: UrlBuilder): UserResponse {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    username: user.username,
    groups: links.groupIds.map((id) => urls.group(id)),
    notifications: links.subscriptionIds.map((id) => urls.userNotification(user.username, id)),
    is_superuser: user.isSuperuser,
    is_active: user.isActive,
    is_bot: user.isBot,
    date_joined: user.dateJoined.toISOString(),
    // Weblate fills this for bot accounts behind expiring project tokens; personal accounts never expire.
    date_expires: null,
    last_login: user.lastLogin?.toISOString() ?? null,
    url: urls.user(user.username),
    statistics_url: urls.userStatistics(user.username),
    contributions_url: urls.userContributions(user.username),
  };
}

export interface UserStatisticsResponse {
  translated: number;
  suggested: number;
  uploaded: number;
  commented: number;
  languages: number;
}

/** Weblate's notification subscription object. Project and component stay null: only site-wide scopes exist yet. */
export interface NotificationResponse {
  notification: string;
  id: number;
  scope: number;
  frequency: number;
  project: null;
  component: null;
}

export function serializeNotification(subscription: NotificationSubscription): NotificationResponse {
  return {
    notification: subscription.notification,
    id: subscription.id,
    scope: subscription.scope,
    frequency: subscription.frequency,
    project: null,
    component: null,
  };
}

export interface TokenResponse {
  token: string;
}
