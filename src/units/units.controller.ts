import { Body, Controller, Delete, Get, HttpCode, Patch, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { PageRequest, UNIT_LIST_LIMITS } from '../core/pagination/page';
import { JsonText } from '../core/http/json-text';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ClientKey } from '../core/rate-limit/client-key';
import { serializeUnit, UnitResponse } from './unit.serializer';
import { UnitWriteDto } from './dto/unit-write.dto';
import { Editor, UnitEditingService } from './unit-editing.service';
import { UnitContext } from './units.repository';
import { UnitsService } from './units.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('units')
@Controller('api/units')
export class UnitsController {
  constructor(
    private readonly units: UnitsService,
    private readonly editing: UnitEditingService,
  ) {}

  /** Units of every project the caller can see, narrowed by the `q` search. */
  @Get()
  @Public()
  async list(
    @CurrentActor() actor: Actor, @Query('q') q: unknown, @PageParams(UNIT_LIST_LIMITS) page: PageRequest, @Urls() urls: UrlBuilder, @ClientKey() caller: string,
  ): Promise<JsonText> {
    return this.units.list({ visibility: actor.permissions.projectVisibility() }, q, page, urls, caller);
  }

  @Get(':id')
  @ViewTarget('unit')
  get(@Target() context: UnitContext, @Urls() urls: UrlBuilder): UnitResponse {
    return serializeUnit(context, urls);
  }

  @Patch(':id')
  @RequirePermission('unit.edit', 'unit')
  async update(@CurrentActor() actor: Actor, @Target() context: UnitContext, @Body() body: UnitWriteDto, @Urls() urls: UrlBuilder): Promise<UnitResponse> {
    return serializeUnit(await this.editing.update(context, body, editorOf(actor), false), urls);
  }

  @Put(':id')
  @RequirePermission('unit.edit', 'unit')
  async replace(@CurrentActor() actor: Actor, @Target() context: UnitContext, @Body() body: UnitWriteDto, @Urls() urls: UrlBuilder): Promise<UnitResponse> {
    return serializeUnit(await this.editing.update(context, body, editorOf(actor), true), urls);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('unit.delete', 'unit')
  async remove(@CurrentActor() actor: Actor, @Target() context: UnitContext): Promise<void> {
    await this.editing.remove(context, editorOf(actor));
  }
}

function editorOf(actor: Actor): Editor {
  return { permissions: actor.permissions, userId: actor.user.id };
}
