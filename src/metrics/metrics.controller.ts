import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/policy/policy.decorators';
import { MetricsResponse, MetricsService } from './metrics.service';

@ApiTags('metrics')
@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Authenticated()
  get(): Promise<MetricsResponse> {
    return this.metrics.metrics();
  }
}
