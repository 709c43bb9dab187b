import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/policy/policy.decorators';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';

@ApiTags('root')
@Controller('api')
export class RootController {
  /** The entry point clients such as wlc start from: the absolute URL of every collection. */
  @Get()
  @Public()
  root(@Urls() urls: UrlBuilder): Record<string, string> {
    return urls.collections();
  }
}
