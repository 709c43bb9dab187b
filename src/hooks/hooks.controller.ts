import { Controller, Get, Inject, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { Open } from '../auth/policy/policy.decorators';
import { AppConfig } from '../config/app-config';
import { MethodNotAllowedError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { HookAdmission } from './hook-admission';
import { readHookBody, readHookPayload } from './hook-body';
import { HookAnswer, HooksService } from './hooks.service';

/**
 * Repository notifications from code-hosting services (`/hooks/<service>/`) and the deprecated update hooks
 * (`/hooks/update/<project>/[<component>/]`). They are called anonymously, so no rate limit applies (a burst
 * coalesces into one update per working copy instead, and HookAdmission bounds how many are handled at once), and
 * Weblate's answers are kept word for word.
 */
@ApiTags('hooks')
@Controller('hooks')
@SkipThrottle()
@UseInterceptors(HookAdmission)
export class HooksController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly hooks: HooksService,
  ) {}

  @Get('update/:project')
  @Open()
  getProjectUpdate(
    @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() actor: Actor, @Param('project') project: string,
  ): Promise<Record<string, unknown>> {
    return this.updateProject(req, res, actor, project);
  }

  @Post('update/:project')
  @Open()
  postProjectUpdate(
    @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() actor: Actor, @Param('project') project: string,
  ): Promise<Record<string, unknown>> {
    return this.updateProject(req, res, actor, project);
  }

  @Get('update/:project/:component')
  @Open()
  getComponentUpdate(
    @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() actor: Actor,
    @Param('project') project: string, @Param('component') path: string,
  ): Promise<Record<string, unknown>> {
    return this.updateComponent(req, res, actor, project, path);
  }

  @Post('update/:project/:component')
  @Open()
  postComponentUpdate(
    @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() actor: Actor,
    @Param('project') project: string, @Param('component') path: string,
  ): Promise<Record<string, unknown>> {
    return this.updateComponent(req, res, actor, project, path);
  }

  @Post(':service')
  @Open()
  async notify(
    @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() actor: Actor,
    @Param('service') service: string, @Urls() urls: UrlBuilder,
  ): Promise<Record<string, unknown>> {
    this.assertEnabled(req);
    this.hooks.assertKnownService(service);
    const payload = readHookPayload(req.get('content-type'), await readHookBody(req, res));
    return answer(res, await this.hooks.notify(service, payload, (name) => req.get(name), urls, actor.permissions));
  }

  private async updateProject(req: Request, res: Response, actor: Actor, project: string): Promise<Record<string, unknown>> {
    this.assertEnabled(req);
    return answer(res, await this.hooks.updateProject(project, req.method, actor.permissions));
  }

  private async updateComponent(req: Request, res: Response, actor: Actor, project: string, path: string): Promise<Record<string, unknown>> {
    this.assertEnabled(req);
    return answer(res, await this.hooks.updateComponent(project, path, req.method, actor.permissions));
  }

  private assertEnabled(req: Request): void {
    if (!this.config.enableHooks) throw new MethodNotAllowedError(req.method);
  }
}

function answer(res: Response, { status, body }: HookAnswer): Record<string, unknown> {
  res.status(status);
  return body;
}
