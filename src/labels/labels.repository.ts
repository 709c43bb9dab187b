import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Label } from './label.entity';
import { retryingTransaction } from '../database/retrying-transaction';

/** A project's labels. */
@Injectable()
export class LabelsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  countOfProject(projectId: number): Promise<number> {
    return this.dataSource.getRepository(Label).countBy({ projectId });
  }

  pageOfProject(projectId: number, offset: number, limit: number): Promise<Label[]> {
    return this.dataSource.getRepository(Label).find({ where: { projectId }, order: { name: 'ASC', id: 'ASC' }, skip: offset, take: limit });
  }

  /** The new label, or null when the project has one of that name (the unique index still decides between racers). */
  create(fields: Pick<Label, 'projectId' | 'name' | 'color' | 'description'>): Promise<Label | null> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const labels = manager.getRepository(Label);
      if (await labels.existsBy({ projectId: fields.projectId, name: fields.name })) return null;
      return labels.save(labels.create(fields));
    });
  }

  /** False when the project has no such label. */
  async delete(projectId: number, id: number): Promise<boolean> {
    return Boolean((await this.dataSource.getRepository(Label).delete({ id, projectId })).affected);
  }
}
