/**
 * The notifications a user may subscribe to, and the scope and frequency values of a subscription, as Weblate
 * registers them (weblate/accounts/notifications.py). The names are class names, misspellings included:
 * clients send them verbatim, so "Notificaton" must stay.
 */
export const NOTIFICATION_NAMES = [
  'RepositoryNotification',
  'LockNotification',
  'LicenseNotification',
  'ParseErrorNotification',
  'NewStringNotificaton',
  'NewContributorNotificaton',
  'NewSuggestionNotificaton',
  'LanguageTranslatedNotificaton',
  'ComponentTranslatedNotificaton',
  'NewCommentNotificaton',
  'MentionCommentNotificaton',
  'LastAuthorCommentNotificaton',
  'TranslatedStringNotificaton',
  'ApprovedStringNotificaton',
  'ChangedStringNotificaton',
  'NewTranslationNotificaton',
  'NewComponentNotificaton',
  'NewAnnouncementNotificaton',
  'NewAlertNotificaton',
  'MergeFailureNotification',
  'PendingSuggestionsNotification',
  'ToDoStringsNotification',
  'TranslationActivitySummaryNotification',
] as const;

/** Which objects a subscription covers. */
export enum NotificationScope {
  All = 0,
  Watched = 10,
  Administered = 20,
  Project = 30,
  Component = 40,
}

/** How often the notification is sent. */
export enum NotificationFrequency {
  None = 0,
  Instant = 1,
  Daily = 2,
  Weekly = 3,
  Monthly = 4,
}

export const NOTIFICATION_SCOPES = [
  NotificationScope.All,
  NotificationScope.Watched,
  NotificationScope.Administered,
  NotificationScope.Project,
  NotificationScope.Component,
];

export const NOTIFICATION_FREQUENCIES = [
  NotificationFrequency.None,
  NotificationFrequency.Instant,
  NotificationFrequency.Daily,
  NotificationFrequency.Weekly,
  NotificationFrequency.Monthly,
];
