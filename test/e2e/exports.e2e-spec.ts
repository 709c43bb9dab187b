import { XMLParser } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { ChangeAction } from '../../src/changes/change-actions';
import { ChangesService } from '../../src/changes/changes.service';
import { Component } from '../../src/components/component.entity';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { Translation } from '../../src/translations/translation.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const SITE = 'https://translate.example.org';

interface FeedItem {
  title: string;
  description: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
}

/** An RSS 2.0 document read back: its channel, and its items as a list. */
function readFeed(xml: string): { title: string; description: string; link: string; items: FeedItem[] } {
  const document = new XMLParser({ ignoreAttributes: false }).parse(xml);
  expect(document.rss['@_version']).toBe('2.0');
  const channel = document.rss.channel;
  const items = channel.item === undefined ? [] : [channel.item].flat();
  return { title: channel.title, description: channel.description, link: channel.link, items };
}

describe('exports', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let project: Project;
  let component: Component;
  let czech: Translation;

  beforeAll(async () => {
    t = await createTestApp({ SITE_URL: SITE, SITE_TITLE: 'Example <Translations>' });
    admin = await createUser(t, { isSuperuser: true });
    project = await createProject(t, { name: '<script>alert(1)</script>' });
    component = await createComponent(t, project, { name: 'App' });
    czech = await createTranslation(t, component, 'cs', { total: 4, translated: 1, totalWords: 10, translatedWords: 2, fuzzy: 1 });
    await createTranslation(t, component, 'de', { total: 4, translated: 4, totalWords: 10, translatedWords: 10 });
    await createTranslation(t, component, 'en', { total: 4, translated: 4, totalWords: 10, translatedWords: 10, isSource: true });
    const changes = t.app.get(ChangesService);
    for (let i = 1; i <= 12; i++) {
      await changes.record(t.dataSource.manager, { action: ChangeAction.Change, translationId: czech.id, userId: admin.user.id, target: `Překlad ${i} <b>` });
    }
  });

  afterAll(() => t.close());

  describe('RSS feeds', () => {
    it('lists the newest ten changes of a translation, newest first, every text escaped', async () => {
      const res = await t.http().get(`/exports/rss/${project.slug}/${component.slug}/cs/`).expect(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const feed = readFeed(res.text);
      expect(feed.title).toBe('Recent changes in &lt;script&gt;alert(1)&lt;/script&gt;/App — Czech');
      expect(res.text).not.toMatch(/<script>/);
      expect(feed.link).toBe(`${SITE}/projects/${project.slug}/${component.slug}/cs/`);
      expect(feed.items).toHaveLength(10);
      expect(feed.items.map((item) => item.description)).toEqual(Array.from({ length: 10 }, (_, i) => `Překlad ${12 - i} &lt;b&gt;`));
      expect(feed.items[0]).toMatchObject({ title: 'Translation changed', link: `${SITE}/projects/${project.slug}/${component.slug}/cs/` });
      expect(feed.items[0].guid['@_isPermaLink']).toBe('false');
      expect(feed.items[0].guid['#text']).toMatch(new RegExp(`^${SITE}/changes/render/\\d+/$`));
      expect(new Date(feed.items[0].pubDate).getTime()).toBeGreaterThanOrEqual(new Date(feed.items[9].pubDate).getTime());
    });

    it('serves the installation, language, project and component feeds', async () => {
      const site = readFeed((await t.http().get('/exports/rss/').expect(200)).text);
      expect(site.title).toBe('Recent changes on Example &lt;Translations&gt;');
      expect(site.description).toBe('All recent changes made using Weblate on Example &lt;Translations&gt;.');
      expect(site.items).toHaveLength(10);
      const language = readFeed((await t.http().get('/exports/rss/language/cs/').expect(200)).text);
      expect(language.title).toBe('Recent changes in Czech');
      expect(language.items).toHaveLength(10);
      expect(readFeed((await t.http().get('/exports/rss/language/de/').expect(200)).text).items).toHaveLength(0);
      expect(readFeed((await t.http().get(`/exports/rss/${project.slug}/`).expect(200)).text).items).toHaveLength(10);
      expect(readFeed((await t.http().get(`/exports/rss/${project.slug}/${component.slug}/`).expect(200)).text).items).toHaveLength(10);
    });

    it('shows anonymous callers public projects only; a token widens the feed', async () => {
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const secret = await createTranslation(t, await createComponent(t, hidden), 'cs');
      await t.app.get(ChangesService).record(t.dataSource.manager, { action: ChangeAction.Change, translationId: secret.id, target: 'Secret string' });
      expect((await t.http().get('/exports/rss/').expect(200)).text).not.toContain('Secret string');
      expect((await t.http().get('/exports/rss/language/cs/').expect(200)).text).not.toContain('Secret string');
      await t.http().get(`/exports/rss/${hidden.slug}/`).expect(404);
      const widened = await t.http().get('/exports/rss/').set('Authorization', admin.auth).expect(200);
      expect(readFeed(widened.text).items[0].description).toBe('Secret string');
      await t.http().get(`/exports/rss/${hidden.slug}/`).set('Authorization', admin.auth).expect(200);
    });

    it('answers unknown objects with 404', async () => {
      await t.http().get('/exports/rss/no-such-project/').expect(404);
      await t.http().get(`/exports/rss/${project.slug}/nope/`).expect(404);
      await t.http().get(`/exports/rss/${project.slug}/${component.slug}/xx/`).expect(404);
      expect((await t.http().get('/exports/rss/language/xx-nope/').expect(404)).body.detail).toBe('Language not found.');
    });
  });

  describe('statistics export', () => {
    it('serves one pretty-printed JSON row per translation, ordered by language code, as the statistics API', async () => {
      const res = await t.http().get(`/exports/stats/${project.slug}/${component.slug}/`).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.text).toContain('\n  {\n    "');
      const rows = JSON.parse(res.text);
      expect(rows.map((row: { code: string }) => row.code)).toEqual(['cs', 'de', 'en']);
      const api = await t.http().get(`/api/translations/${project.slug}/${component.slug}/cs/statistics/`).expect(200);
      expect(rows[0]).toEqual({ ...api.body, translate_url: api.body.url_translate });
    });

    it('serves CSV with the documented header and the numbers of the statistics API', async () => {
      const res = await t.http().get(`/exports/stats/${project.slug}/${component.slug}/?format=csv`).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="stats-${project.slug}-${component.slug}.csv"`);
      const [header, ...rows] = parseCsv(res.text) as string[][];
      expect(header).toEqual([
        'name', 'code', 'total', 'translated', 'translated_percent', 'translated_words_percent', 'total_words', 'translated_words',
        'total_chars', 'translated_chars', 'translated_chars_percent', 'failing', 'failing_percent', 'fuzzy', 'fuzzy_percent',
        'url_translate', 'url', 'translate_url', 'last_change', 'last_author', 'recent_changes', 'readonly', 'readonly_percent',
        'approved', 'approved_percent', 'suggestions', 'comments',
      ]);
      expect(rows.map((row) => row[1])).toEqual(['cs', 'de', 'en']);
      const api = (await t.http().get(`/api/translations/${project.slug}/${component.slug}/cs/statistics/`).expect(200)).body;
      const czechRow = Object.fromEntries(header.map((column, i) => [column, rows[0][i]]));
      for (const column of ['total', 'translated', 'translated_percent', 'total_words', 'translated_words', 'fuzzy', 'fuzzy_percent', 'recent_changes']) {
        expect([column, czechRow[column]]).toEqual([column, String(api[column])]);
      }
      expect(czechRow.name).toBe('Czech');
    });

    it('falls back to JSON for other formats, serves projects per language, and hides what the caller cannot see', async () => {
      const fallback = await t.http().get(`/exports/stats/${project.slug}/${component.slug}/?format=xml`).expect(200);
      expect(JSON.parse(fallback.text)).toHaveLength(3);
      const languages = JSON.parse((await t.http().get(`/exports/stats/${project.slug}/`).expect(200)).text);
      expect(languages).toEqual([
        expect.objectContaining({ language: 'Czech', code: 'cs', total: 4, translated: 1, translated_percent: 25, total_words: 10, translated_words: 2 }),
        expect.objectContaining({ language: 'German', code: 'de', total: 4, translated: 4, translated_percent: 100 }),
      ]);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const hiddenComponent = await createComponent(t, hidden);
      await t.http().get(`/exports/stats/${hidden.slug}/${hiddenComponent.slug}/`).expect(404);
      await t.http().get(`/exports/stats/${hidden.slug}/${hiddenComponent.slug}/`).set('Authorization', admin.auth).expect(200);
      await t.http().get(`/exports/stats/${project.slug}/nope/`).expect(404);
    });
  });
});
