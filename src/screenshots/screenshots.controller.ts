import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { ComponentContext } from '../components/component-context';
import { Authenticated, Public, RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { AcceptsUploads, readUploaded, uploadedFiles } from '../core/http/multipart';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { AddScreenshotUnitDto, CreateScreenshotDto, ReplaceScreenshotDto, UpdateScreenshotDto } from './dto/screenshot-fields.dto';
import { ScreenshotResponse, serializeScreenshot } from './screenshot.serializer';
import { ScreenshotContext } from './screenshots.repository';
import { ScreenshotsService } from './screenshots.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** Screenshots site-wide (what the caller can see), one by one with their image and strings, and per component. */
@ApiTags('screenshots')
@Controller('api')
export class ScreenshotsController {
  constructor(private readonly screenshots: ScreenshotsService) {}

  @Get('screenshots')
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ScreenshotResponse>> {
    return this.screenshots.list({ visibility: actor.permissions.projectVisibility() }, page, urls);
  }

  /** Multipart `image` with `name`, `project_slug`, `component_slug` and `language_code`; the permission is checked on the component named. */
  @Post('screenshots')
  @Authenticated()
  @AcceptsUploads({ files: 1, fields: 10 })
  async create(@Req() req: Request, @CurrentActor() actor: Actor, @Body() body: CreateScreenshotDto, @Urls() urls: UrlBuilder): Promise<ScreenshotResponse> {
    const caller = { permissions: actor.permissions, userId: actor.user.id };
    return this.screenshots.create(body, await readUploaded(uploadedFiles(req).image), caller, urls);
  }

  @Get('screenshots/:id')
  @ViewTarget('screenshot')
  get(@Target() context: ScreenshotContext, @Urls() urls: UrlBuilder): ScreenshotResponse {
    return serializeScreenshot(context, urls);
  }

  @Patch('screenshots/:id')
  @RequirePermission('screenshot.edit', 'screenshot')
  update(@Target() context: ScreenshotContext, @Body() body: UpdateScreenshotDto, @Urls() urls: UrlBuilder): Promise<ScreenshotResponse> {
    return this.screenshots.update(context, body, urls);
  }

  @Put('screenshots/:id')
  @RequirePermission('screenshot.edit', 'screenshot')
  replace(@Target() context: ScreenshotContext, @Body() body: ReplaceScreenshotDto, @Urls() urls: UrlBuilder): Promise<ScreenshotResponse> {
    return this.screenshots.update(context, body, urls);
  }

  @Delete('screenshots/:id')
  @HttpCode(204)
  @RequirePermission('screenshot.delete', 'screenshot')
  async remove(@CurrentActor() actor: Actor, @Target() context: ScreenshotContext): Promise<void> {
    await this.screenshots.remove(context, actor.user.id ?? null);
  }

  @Get('screenshots/:id/file')
  @ViewTarget('screenshot')
  async file(@Target() context: ScreenshotContext): Promise<StreamableFile> {
    const image = await this.screenshots.readImage(context);
    return new StreamableFile(image.data, { type: image.contentType, length: image.data.length });
  }

  /** Multipart `image`: replaces the image, answering `{"result": true}` as Weblate does. */
  @Post('screenshots/:id/file')
  @HttpCode(200)
  @RequirePermission('screenshot.edit', 'screenshot')
  @AcceptsUploads({ files: 1, fields: 5 })
  async uploadFile(@Req() req: Request, @CurrentActor() actor: Actor, @Target() context: ScreenshotContext): Promise<{ result: true }> {
    return this.screenshots.replaceImage(context, await readUploaded(uploadedFiles(req).image), actor.user.id);
  }

  @Put('screenshots/:id/file')
  @RequirePermission('screenshot.edit', 'screenshot')
  @AcceptsUploads({ files: 1, fields: 5 })
  async replaceFile(@Req() req: Request, @CurrentActor() actor: Actor, @Target() context: ScreenshotContext): Promise<{ result: true }> {
    return this.screenshots.replaceImage(context, await readUploaded(uploadedFiles(req).image), actor.user.id);
  }

  @Post('screenshots/:id/units')
  @HttpCode(200)
  @RequirePermission('screenshot.edit', 'screenshot')
  addUnit(@Target() context: ScreenshotContext, @Body() body: AddScreenshotUnitDto, @Urls() urls: UrlBuilder): Promise<ScreenshotResponse> {
    return this.screenshots.addUnit(context, body.unit_id, urls);
  }

  @Delete('screenshots/:id/units/:unitId')
  @HttpCode(204)
  @RequirePermission('screenshot.edit', 'screenshot')
  async removeUnit(@Target() context: ScreenshotContext, @Param('unitId') unitId: string): Promise<void> {
    await this.screenshots.removeUnit(context, unitId);
  }

  @Get('components/:project/:component/screenshots')
  @ViewTarget('component')
  componentScreenshots(@Target() context: ComponentContext, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ScreenshotResponse>> {
    return this.screenshots.list({ componentId: context.component.id }, page, urls);
  }
}
