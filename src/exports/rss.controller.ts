import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { ChangeScope, ChangesService } from '../changes/changes.service';
import type { ComponentContext } from '../components/component-context';
import { AppConfig } from '../config/app-config';
import { Public, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { NotFoundError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { LanguageLookup } from '../languages/language-lookup';
import { Project } from '../projects/project.entity';
import type { TranslationContext } from '../translations/translation-context';
import { FEED_ITEMS, FeedSubject, renderChangeFeed } from './change-feed';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

/**
 * RSS 2.0 feeds of the latest changes, as Weblate's: of the installation, a language, a project, a component
 * or a translation. Each lists what its caller may see (anonymous callers: public projects; a token in
 * `Authorization` widens it), and an object the caller cannot see is 404, as in the API.
 */
@ApiTags('exports')
@Controller('exports/rss')
@SkipThrottle()
export class RssController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly changes: ChangesService,
    private readonly languages: LanguageLookup,
  ) {}

  @Get()
  @Public()
  async site(@CurrentActor() actor: Actor, @Urls() urls: UrlBuilder, @Res({ passthrough: true }) res: Response): Promise<string> {
    const site = this.config.siteTitle;
    const subject = { title: `Recent changes on ${site}`, description: `All recent changes made using Weblate on ${site}.`, link: urls.home(), feedUrl: urls.rssFeed() };
    return this.feed(subject, { kind: 'visible', permissions: actor.permissions }, urls, res);
  }

  /** Declared before the project routes, so `/exports/rss/language/<code>/` is never read as a project. */
  @Get('language/:code')
  @Public()
  async language(@CurrentActor() actor: Actor, @Param('code') code: string, @Urls() urls: UrlBuilder, @Res({ passthrough: true }) res: Response): Promise<string> {
    const language = await this.languages.findByCode(code);
    if (!language) throw new NotFoundError('Language not found.');
    const subject = about(language.name, urls.languageWeb(language.code), urls.rssFeed('language', language.code));
    return this.feed(subject, { kind: 'visible', permissions: actor.permissions, languageId: language.id }, urls, res);
  }

  @Get(':project')
  @ViewTarget('project')
  async project(@CurrentActor() actor: Actor, @Target() project: Project, @Urls() urls: UrlBuilder, @Res({ passthrough: true }) res: Response): Promise<string> {
    const subject = about(project.name, urls.projectWeb(project.slug), urls.rssFeed(project.slug));
    return this.feed(subject, { kind: 'project', projectId: project.id, permissions: actor.permissions }, urls, res);
  }

  @Get(':project/:component')
  @ViewTarget('component')
  component(@Target() context: ComponentContext, @Urls() urls: UrlBuilder, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { project, path, component } = context;
    const subject = about(`${project.name}/${component.name}`, urls.componentWeb(project.slug, path), urls.rssFeed(project.slug, ...path.split('/')));
    return this.feed(subject, { kind: 'component', componentId: component.id }, urls, res);
  }

  @Get(':project/:component/:language')
  @ViewTarget('translation')
  translation(@Target() context: TranslationContext, @Urls() urls: UrlBuilder, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { component: { project, path, component }, language, translation } = context;
    const subject = about(
      `${project.name}/${component.name} — ${language.name}`,
      urls.translationWeb(project.slug, path, translation.languageCode),
      urls.rssFeed(project.slug, ...path.split('/'), translation.languageCode),
    );
    return this.feed(subject, { kind: 'translation', translationId: translation.id }, urls, res);
  }

  /** The content type is set with the feed, so errors before it keep their JSON body. */
  private async feed(subject: FeedSubject, scope: ChangeScope, urls: UrlBuilder, res: Response): Promise<string> {
    const xml = renderChangeFeed(subject, await this.changes.latest(scope, FEED_ITEMS), urls);
    res.type(RSS_TYPE);
    return xml;
  }
}

/** Weblate's wording for an object's feed. */
function about(name: string, link: string, feedUrl: string): FeedSubject {
  return { title: `Recent changes in ${name}`, description: `All recent changes made using Weblate in ${name}.`, link, feedUrl };
}
