import { Injectable, OnModuleInit } from '@nestjs/common';
import { TargetLoader } from '../auth/policy/target';
import { CategoriesRepository } from './categories.repository';

/** Resolves `:id` of category routes for the policy guard; the scope is the category's project. */
@Injectable()
export class CategoryTargetLoader implements OnModuleInit {
  constructor(
    private readonly targets: TargetLoader,
    private readonly categories: CategoriesRepository,
  ) {}

  onModuleInit(): void {
    this.targets.register('category', async (params) => {
      const row = /^\d{1,9}$/.test(params.id ?? '') ? await this.categories.findById(Number(params.id)) : null;
      return row ? { entity: row, scope: { projectId: row.category.projectId, accessControl: row.accessControl } } : null;
    });
  }
}
