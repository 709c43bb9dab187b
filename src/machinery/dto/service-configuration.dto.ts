import { Allow } from 'class-validator';

/**
 * POST and PATCH of machinery settings: one service and its configuration. Both are checked by the service
 * (machinery-settings.service.ts), which knows the engines and reports Weblate's messages.
 */
export class ServiceConfigurationDto {
  @Allow()
  service?: unknown;

  @Allow()
  configuration?: unknown;
}
