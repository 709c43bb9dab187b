import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated } from '../auth/policy/policy.decorators';
import { requestContext } from '../core/http/request-context';
import { MetricsResponse, MetricsService } from './metrics.service';
import { OPENMETRICS_CONTENT_TYPE } from './openmetrics';

@ApiTags('metrics')
@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Weblate's Metrics object; `?format=openmetrics` the same and the request metrics as Prometheus scrapes them. */
  @Get()
  @Authenticated()
  async get(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MetricsResponse | string> {
    if (requestContext(req).format !== 'openmetrics') return this.metrics.metrics();
    res.type(OPENMETRICS_CONTENT_TYPE);
    return this.metrics.openMetrics();
  }
}
