import type { ActivityCounts } from '../changes/changes.service';
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
  profile: ProfileResponse;
  /** The user's subscriptions list. */
  notifications: string;
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

/**
 * The preferences of Weblate's Profile. None is stored here (they only shape Weblate's own web interface), so
 * every account shows the values of a new Weblate profile.
 */
const PROFILE_PREFERENCES = {
  theme: 'auto',
  hide_completed: false,
  secondary_in_zen: true,
  hide_source_secondary: false,
  wide_tables: false,
  editor_link: '',
  translate_mode: 0,
  zen_mode: 0,
  special_chars: '',
  nearby_strings: 15,
  auto_watch: true,
  contribute_personal_tm: true,
  dashboard_view: 1,
  dashboard_component_list: null,
  watched: [] as string[],
  website: '',
  contact: '',
  liberapay: '',
  fediverse: '',
  codesite: '',
  github: '',
  twitter: '',
  linkedin: '',
  location: '',
  company: '',
  public_email: '',
  commit_email: '',
  commit_name: 0,
  last_2fa: '',
};

/** Weblate's Profile object: the activity counters (counted from the change log, as user statistics) and the preferences. */
type ProfileResponse = {
  language: string;
  languages: string[];
  secondary_languages: string[];
} & ActivityCounts & typeof PROFILE_PREFERENCES;

/** What a user record shows beside the entity, loaded with it. */
export interface UserLinks {
  groupIds: number[];
  activity: ActivityCounts;
}

export function serializeUser(user: User, links: UserLinks, urls: UrlBuilder): UserResponse {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    username: user.username,
    groups: links.groupIds.map((id) => urls.group(id)),
    // No interface or translation languages are configured per account: the defaults of a new profile.
    profile: { language: 'en', languages: [], secondary_languages: [], ...links.activity, ...PROFILE_PREFERENCES },
    notifications: urls.userNotifications(user.username),
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

/** Weblate's BasicUserSerializer: what anyone may know of an account. */
export interface BasicUserResponse {
  id: number;
  full_name: string;
  username: string;
}

export function serializeBasicUser(user: User): BasicUserResponse {
  return { id: user.id, full_name: user.fullName, username: user.username };
}
