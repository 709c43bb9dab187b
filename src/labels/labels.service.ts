import { Injectable } from '@nestjs/common';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { Project } from '../projects/project.entity';
import { CreateLabelDto } from './dto/create-label.dto';
import { Label, LabelResponse, serializeLabel } from './label.entity';
import { LabelsRepository } from './labels.repository';
import { isPgError, PG_ERROR } from '../database/pg-error';

@Injectable()
export class LabelsService {
  constructor(private readonly labels: LabelsRepository) {}

  async list(project: Project, request: PageRequest): Promise<Page<LabelResponse>> {
    return paginate(request, await this.labels.countOfProject(project.id), async (offset, limit) =>
      (await this.labels.pageOfProject(project.id, offset, limit)).map(serializeLabel),
    );
  }

  /** Every label of the project (a project has a handful). */
  allOf(projectId: number): Promise<Label[]> {
    return this.labels.pageOfProject(projectId, 0, 10_000);
  }

  /** The unique index decides between concurrent creators; the first check only spares the usual case an error round trip. */
  async create(project: Project, fields: CreateLabelDto): Promise<LabelResponse> {
    try {
      const label = await this.labels.create({ projectId: project.id, name: fields.name, color: fields.color, description: fields.description ?? '' });
      if (!label) throw duplicateName();
      return serializeLabel(label);
    } catch (error) {
      if (isPgError(error, PG_ERROR.uniqueViolation)) throw duplicateName();
      throw error;
    }
  }

  /** Another project's label is as unknown here as a missing one. */
  async remove(project: Project, id: number): Promise<void> {
    if (!(await this.labels.delete(project.id, id))) throw new NotFoundError();
  }
}

function duplicateName(): ValidationError {
  return ValidationError.field('name', 'Label with this name already exists in the project.', 'unique');
}
