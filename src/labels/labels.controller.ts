import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { NotFoundError } from '../core/errors/domain-error';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { Project } from '../projects/project.entity';
import { CreateLabelDto } from './dto/create-label.dto';
import { LabelResponse } from './label.entity';
import { LabelsService } from './labels.service';

@ApiTags('projects')
@Controller('api/projects/:project/labels')
export class LabelsController {
  constructor(private readonly labels: LabelsService) {}

  @Get()
  @ViewTarget('project')
  list(@Target() project: Project, @PageParams() page: PageRequest): Promise<Page<LabelResponse>> {
    return this.labels.list(project, page);
  }

  @Post()
  @RequirePermission('project.edit', 'project')
  create(@Target() project: Project, @Body() body: CreateLabelDto): Promise<LabelResponse> {
    return this.labels.create(project, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('project.edit', 'project')
  async remove(@Target() project: Project, @Param('id') id: string): Promise<void> {
    // Ids beyond the integer column's range would be a database error, not a missing label.
    if (!/^\d{1,9}$/.test(id)) throw new NotFoundError();
    await this.labels.remove(project, Number(id));
  }
}
