import { UrlBuilder } from '../core/urls/url-builder';
import { changeActionName } from './change-actions';
import { ChangeRow } from './changes.repository';

/** Weblate's ChangeSerializer; links to what the change names, null where it names nothing. */
export interface ChangeResponse {
  id: number;
  unit: string | null;
  component: string | null;
  translation: string | null;
  user: string | null;
  author: string | null;
  timestamp: string;
  action: number;
  action_name: string;
  target: string;
  old: string;
  details: Record<string, unknown>;
  /** The alert a change reports; none is raised here, so always null. */
  alert: null;
  url: string;
}

export function serializeChange(change: ChangeRow, urls: UrlBuilder): ChangeResponse {
  const { component, languageCode } = change;
  return {
    id: change.id,
    unit: change.unitId === null ? null : urls.unit(change.unitId),
    component: component ? urls.component(component.projectSlug, component.path) : null,
    translation: component && languageCode !== null ? urls.translation(component.projectSlug, component.path, languageCode) : null,
    user: change.userName === null ? null : urls.user(change.userName),
    author: change.authorName === null ? null : urls.user(change.authorName),
    timestamp: change.timestamp.toISOString(),
    action: change.action,
    action_name: changeActionName(change.action),
    target: change.target,
    old: change.old,
    details: change.details,
    alert: null,
    url: urls.change(change.id),
  };
}
