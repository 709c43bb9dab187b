import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { PageRequest, UNIT_LIST_LIMITS } from '../core/pagination/page';
import { JsonText } from '../core/http/json-text';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ClientKey } from '../core/rate-limit/client-key';
import type { TranslationContext } from '../translations/translation-context';
import { serializeUnit, UnitResponse } from './unit.serializer';
import { CreateUnitDto } from './dto/create-unit.dto';
import { UnitCreationService } from './unit-creation.service';
import { UnitsService } from './units.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('translations')
@Controller('api/translations')
export class TranslationUnitsController {
  constructor(
    private readonly units: UnitsService,
    private readonly creation: UnitCreationService,
  ) {}

  /** The translation's strings in file order, narrowed by the `q` search. */
  @Get(':project/:component/:language/units')
  @ViewTarget('translation')
  list(
    @Target() context: TranslationContext, @Query('q') q: unknown, @PageParams(UNIT_LIST_LIMITS) page: PageRequest, @Urls() urls: UrlBuilder, @ClientKey() caller: string,
  ): Promise<JsonText> {
    return this.units.list({ translation: context }, q, page, urls, caller);
  }

  @Post(':project/:component/:language/units')
  @HttpCode(200)
  @RequirePermission('unit.add', 'translation')
  async create(@CurrentActor() actor: Actor, @Target() context: TranslationContext, @Body() body: CreateUnitDto, @Urls() urls: UrlBuilder): Promise<{ unit: UnitResponse }> {
    const editor = { permissions: actor.permissions, userId: actor.user.id };
    return { unit: serializeUnit(await this.creation.create(context, body, editor), urls) };
  }
}
