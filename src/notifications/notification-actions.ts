import { ChangeAction, CONTENT_ACTIONS } from '../changes/change-actions';

/**
 * Which changes each notification tells of, as Weblate's notification classes do (weblate/accounts/notifications.py).
 * Mentions and "strings you edited" need comment authorship this server does not track yet, and the digest-only
 * summaries have no change of their own: those notifications are never sent.
 */
const NOTIFICATION_ACTIONS: Readonly<Record<string, readonly ChangeAction[]>> = {
  RepositoryNotification: [ChangeAction.Commit, ChangeAction.Push, ChangeAction.Reset, ChangeAction.Rebase, ChangeAction.Merge],
  LockNotification: [ChangeAction.Lock, ChangeAction.Unlock],
  LicenseNotification: [ChangeAction.LicenseChange, ChangeAction.AgreementChange],
  ParseErrorNotification: [ChangeAction.ParseError],
  NewStringNotificaton: [ChangeAction.NewUnit, ChangeAction.NewUnitRepo, ChangeAction.NewUnitUpload, ChangeAction.MarkedEdit, ChangeAction.SourceChange],
  NewContributorNotificaton: [ChangeAction.NewContributor],
  NewSuggestionNotificaton: [ChangeAction.Suggestion],
  LanguageTranslatedNotificaton: [ChangeAction.Complete],
  ComponentTranslatedNotificaton: [ChangeAction.CompletedComponent],
  NewCommentNotificaton: [ChangeAction.Comment],
  TranslatedStringNotificaton: [ChangeAction.Change, ChangeAction.New, ChangeAction.Accept],
  ApprovedStringNotificaton: [ChangeAction.Approve],
  ChangedStringNotificaton: CONTENT_ACTIONS,
  NewTranslationNotificaton: [ChangeAction.AddedLanguage, ChangeAction.RequestedLanguage],
  NewComponentNotificaton: [ChangeAction.CreateComponent],
  NewAnnouncementNotificaton: [ChangeAction.Announcement],
  NewAlertNotificaton: [ChangeAction.Alert, ChangeAction.AlertReopened],
  MergeFailureNotification: [ChangeAction.FailedMerge, ChangeAction.FailedRebase, ChangeAction.FailedPush],
};

/** The notifications a change of this action is told in. */
export function notificationsOf(action: ChangeAction): string[] {
  return Object.entries(NOTIFICATION_ACTIONS).filter(([, actions]) => actions.includes(action)).map(([name]) => name);
}
