import RSS from 'rss';
import { changeActionName } from '../changes/change-actions';
import type { ChangeRow } from '../changes/changes.service';
import { UrlBuilder } from '../core/urls/url-builder';

/** What a feed is about: its title and description, and the page of the object it follows. */
export interface FeedSubject {
  title: string;
  description: string;
  link: string;
  feedUrl: string;
}

/** Items per feed, as Weblate's feeds show. */
export const FEED_ITEMS = 10;

/**
 * An RSS 2.0 document of the changes, newest first. Readers render titles and descriptions as HTML, so every
 * text taken from users (names, translated strings) is HTML-escaped: a project called `<script>` stays text.
 */
export function renderChangeFeed(subject: FeedSubject, changes: ChangeRow[], urls: UrlBuilder): string {
  const feed = new RSS({ title: escapeHtml(subject.title), description: escapeHtml(subject.description), site_url: subject.link, feed_url: subject.feedUrl });
  for (const change of changes) {
    feed.item({
      title: escapeHtml(changeActionName(change.action)),
      description: escapeHtml(change.target),
      url: objectLink(change, urls),
      guid: urls.changeWeb(change.id),
      author: change.userName ?? undefined,
      date: change.timestamp,
    });
  }
  return feed.xml();
}

/** The page of what changed: its translation, its component, or the installation. */
function objectLink(change: ChangeRow, urls: UrlBuilder): string {
  if (!change.component) return urls.home();
  const { projectSlug, path } = change.component;
  return change.languageCode ? urls.translationWeb(projectSlug, path, change.languageCode) : urls.componentWeb(projectSlug, path);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}
