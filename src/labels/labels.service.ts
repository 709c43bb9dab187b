import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { Project } from '../projects/project.entity';
import { CreateLabelDto } from './dto/create-label.dto';
import { Label, LabelResponse, serializeLabel } from './label.entity';
import { isPgError, PG_ERROR } from '../database/pg-error';

@Injectable()
export class LabelsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(project: Project, request: PageRequest): Promise<Page<LabelResponse>> {
    const repository = this.dataSource.getRepository(Label);
    const count = await repository.countBy({ projectId: project.id });
    return paginate(request, count, async (offset, limit) => {
      const rows = await repository.find({ where: { projectId: project.id }, order: { name: 'ASC', id: 'ASC' }, skip: offset, take: limit });
      return rows.map(serializeLabel);
    });
  }

  /** The unique index decides between concurrent creators; the first check only spares the usual case an error round trip. */
  async create(project: Project, fields: CreateLabelDto): Promise<LabelResponse> {
    try {
      const label = await this.dataSource.transaction(async (manager) => {
        const repository = manager.getRepository(Label);
        if (await repository.existsBy({ projectId: project.id, name: fields.name })) throw duplicateName();
        return repository.save(repository.create({ projectId: project.id, name: fields.name, color: fields.color, description: fields.description ?? '' }));
      });
      return serializeLabel(label);
    } catch (error) {
      if (isPgError(error, PG_ERROR.uniqueViolation)) throw duplicateName();
      throw error;
    }
  }

  /** Another project's label is as unknown here as a missing one. */
  async remove(project: Project, id: number): Promise<void> {
    const result = await this.dataSource.transaction((manager) => manager.getRepository(Label).delete({ id, projectId: project.id }));
    if (!result.affected) throw new NotFoundError();
  }
}

function duplicateName(): ValidationError {
  return ValidationError.field('name', 'Label with this name already exists in the project.', 'unique');
}
