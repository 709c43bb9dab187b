import { ChangeAction } from '../changes/change-actions';

/**
 * The catalogue of what happens, as consumers see it. Every event is announced by recording a change (the change log
 * is the outbox): the service that changes data records what it did and knows nothing of who listens; the
 * dispatcher turns each committed change into the events below. Names follow Weblate's add-on events
 * (weblate/addons/events.py) where one exists.
 */
interface DomainEvents {
  /** Any change at all (Weblate's EVENT_CHANGE). */
  change: ChangeEvent;
  /** A string was saved by a translator, an upload, automatic translation or propagation (EVENT_UNIT_POST_SAVE). */
  'unit.post-save': ChangeEvent;
  /** A new string was added, through the API, an upload or the repository (EVENT_UNIT_POST_CREATE). */
  'unit.post-create': ChangeEvent;
  /** Pending strings were committed to the working copy (EVENT_POST_COMMIT). */
  'repository.post-commit': ChangeEvent;
  /** The working copy was pushed upstream (EVENT_POST_PUSH). */
  'repository.post-push': ChangeEvent;
  /** Upstream changes were merged, rebased or reset into the working copy (EVENT_POST_UPDATE). */
  'repository.post-update': ChangeEvent;
  /** A language was added to a component (EVENT_POST_ADD). */
  'translation.post-add': ChangeEvent;
  /** The files of a component were read again after its repository changed (EVENT_COMPONENT_UPDATE). */
  'component.update': ChangeEvent;
  'component.created': ChangeEvent;
  'component.removed': ChangeEvent;
}

export type EventName = keyof DomainEvents;

/** A change as consumers get it: what the change log holds, by id (the event id: a consumer may see it twice). */
export interface ChangeEvent {
  changeId: number;
  action: ChangeAction;
  timestamp: Date;
  userId: number | null;
  authorId: number | null;
  projectId: number | null;
  componentId: number | null;
  translationId: number | null;
  unitId: number | null;
  languageId: number | null;
  target: string;
  old: string;
  details: Record<string, unknown>;
}

const ACTION_EVENTS: Partial<Record<EventName, readonly ChangeAction[]>> = {
  'unit.post-save': [
    ChangeAction.Change, ChangeAction.New, ChangeAction.Auto, ChangeAction.Accept, ChangeAction.Revert,
    ChangeAction.Upload, ChangeAction.Approve, ChangeAction.MarkedEdit, ChangeAction.PropagatedEdit,
    ChangeAction.SourceChange, ChangeAction.BulkEdit, ChangeAction.StringUploadUpdate, ChangeAction.UserRevert,
  ],
  'unit.post-create': [ChangeAction.NewUnit, ChangeAction.NewUnitRepo, ChangeAction.NewUnitUpload, ChangeAction.NewSource, ChangeAction.NewSourceUpload, ChangeAction.NewSourceRepo],
  'repository.post-commit': [ChangeAction.Commit],
  'repository.post-push': [ChangeAction.Push],
  'repository.post-update': [ChangeAction.Merge, ChangeAction.Rebase, ChangeAction.Reset, ChangeAction.RemoteUpdate],
  'translation.post-add': [ChangeAction.AddedLanguage],
  'component.update': [ChangeAction.StringRepoUpdate, ChangeAction.ForceScan],
  'component.created': [ChangeAction.CreateComponent],
  'component.removed': [ChangeAction.RemoveComponent],
};

const EVENTS_BY_ACTION = new Map<ChangeAction, EventName[]>();
for (const [name, actions] of Object.entries(ACTION_EVENTS) as [EventName, readonly ChangeAction[]][]) {
  for (const action of actions) EVENTS_BY_ACTION.set(action, [...(EVENTS_BY_ACTION.get(action) ?? []), name]);
}

/** The events a change announces: always `change`, plus those of its action. */
export function eventsOf(action: ChangeAction): EventName[] {
  return ['change', ...(EVENTS_BY_ACTION.get(action) ?? [])];
}
