import { Body, Controller, Delete, Get, HttpCode, Patch, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
import { Public, RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest, UNIT_LIST_LIMITS } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { serializeUnit, UnitResponse } from './unit.serializer';
import { Editor, UnitEditingService } from './unit-editing.service';
import { UnitContext } from './units.repository';
import { UnitsService } from './units.service';
import { currentUser } from '../users/current-user';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('units')
@Controller('api/units')
export class UnitsController {
  constructor(
    private readonly units: UnitsService,
    private readonly editing: UnitEditingService,
    private readonly permissions: PermissionService,
  ) {}

  /** Units of every project the caller can see, narrowed by the `q` search. */
  @Get()
  @Public()
  async list(@CurrentActor() actor: Actor, @Query('q') q: unknown, @PageParams(UNIT_LIST_LIMITS) page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<UnitResponse>> {
    return this.units.list({ visibility: (actor.permissions).projectVisibility() }, q, page, urls);
  }

  @Get(':id')
  @ViewTarget('unit')
  get(@Target() context: UnitContext, @Urls() urls: UrlBuilder): UnitResponse {
    return serializeUnit(context, urls);
  }

  @Patch(':id')
  @RequirePermission('unit.edit', 'unit')
  async update(@Req() req: Request, @Target() context: UnitContext, @Body() body: Record<string, unknown>, @Urls() urls: UrlBuilder): Promise<UnitResponse> {
    return serializeUnit(await this.editing.update(context, body ?? {}, await this.editor(req), false), urls);
  }

  @Put(':id')
  @RequirePermission('unit.edit', 'unit')
  async replace(@Req() req: Request, @Target() context: UnitContext, @Body() body: Record<string, unknown>, @Urls() urls: UrlBuilder): Promise<UnitResponse> {
    return serializeUnit(await this.editing.update(context, body ?? {}, await this.editor(req), true), urls);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('unit.delete', 'unit')
  async remove(@Req() req: Request, @Target() context: UnitContext): Promise<void> {
    await this.editing.remove(context, await this.editor(req));
  }

  private async editor(req: Request): Promise<Editor> {
    return { permissions: await this.permissions.forRequest(req), userId: currentUser(req)?.id ?? null };
  }
}
