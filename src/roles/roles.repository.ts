import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Role } from '../auth/role.entity';

/** Which roles a caller may see: all of them, or those of the groups the user is in. */
export type RoleVisibility = { all: true } | { all: false; userId: number };

@Injectable()
export class RolesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private visible(visibility: RoleVisibility): SelectQueryBuilder<Role> {
    const query = this.dataSource.getRepository(Role).createQueryBuilder('role');
    if (visibility.all) return query;
    return query.where(
      'role.id IN (SELECT gr.role_id FROM group_roles gr JOIN user_groups ug ON ug.group_id = gr.group_id WHERE ug.user_id = :userId)',
      { userId: visibility.userId },
    );
  }

  countVisible(visibility: RoleVisibility): Promise<number> {
    return this.visible(visibility).getCount();
  }

  pageVisible(visibility: RoleVisibility, offset: number, limit: number): Promise<Role[]> {
    return this.visible(visibility).orderBy('role.id').offset(offset).limit(limit).getMany();
  }

  findVisible(visibility: RoleVisibility, id: number): Promise<Role | null> {
    return this.visible(visibility).andWhere('role.id = :id', { id }).getOne();
  }

  /** Locks the row, so concurrent edits of one role apply one after the other. */
  findForUpdate(manager: EntityManager, id: number): Promise<Role | null> {
    return manager.getRepository(Role).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async isNameTaken(manager: EntityManager, name: string, exceptId?: number): Promise<boolean> {
    const query = manager.getRepository(Role).createQueryBuilder('role').where('role.name = :name', { name });
    if (exceptId !== undefined) query.andWhere('role.id <> :exceptId', { exceptId });
    return (await query.getCount()) > 0;
  }

  save(manager: EntityManager, role: Partial<Role>): Promise<Role> {
    return manager.getRepository(Role).save(role);
  }

  /** Groups lose the role with it (the join rows cascade), as in Weblate. */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Role).delete({ id });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
