import { Body, Controller, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import type { Project } from '../projects/project.entity';
import { ServiceConfigurationDto } from './dto/service-configuration.dto';
import { ServiceConfigurations } from './machinery-settings.repository';
import { MachinerySettingsService } from './machinery-settings.service';

/** A project's machine translation services (Weblate 5.9); reading them shows their keys, so it takes project.edit too. */
@ApiTags('projects')
@Controller('api/projects/:project/machinery_settings')
export class MachinerySettingsController {
  constructor(private readonly settings: MachinerySettingsService) {}

  @Get()
  @RequirePermission('project.edit', 'project')
  get(@Target() project: Project): Promise<ServiceConfigurations> {
    return this.settings.projectSettings(project.id);
  }

  @Post()
  @RequirePermission('project.edit', 'project')
  install(@Target() project: Project, @Body() body: ServiceConfigurationDto): Promise<{ message: string }> {
    return this.settings.install(project.id, body);
  }

  /** Weblate answers 201 here too: every service is installed anew. */
  @Put()
  @HttpCode(201)
  @RequirePermission('project.edit', 'project')
  replace(@Target() project: Project, @Body() body: unknown): Promise<{ message: string }> {
    return this.settings.replace(project.id, body);
  }

  @Patch()
  @RequirePermission('project.edit', 'project')
  update(@Target() project: Project, @Body() body: ServiceConfigurationDto): Promise<{ message: string }> {
    return this.settings.update(project.id, body);
  }
}
