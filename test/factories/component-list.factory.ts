import { randomBytes } from 'node:crypto';
import { Group } from '../../src/auth/group.entity';
import { ComponentListRule } from '../../src/component-lists/component-list-rule.entity';
import { ComponentList } from '../../src/component-lists/component-list.entity';
import { Component } from '../../src/components/component.entity';
import { TestApp } from '../support/test-app';

export interface ComponentListOverrides {
  name?: string;
  slug?: string;
  showDashboard?: boolean;
  /** Members added by hand. */
  components?: Component[];
  rules?: { projectMatch: string; componentMatch: string }[];
  /** Groups that select projects from this list (their project selection is left as it is). */
  groups?: Group[];
}

/** A component list with a unique name and slug; empty unless told otherwise. */
export async function createComponentList(t: TestApp, overrides: ComponentListOverrides = {}): Promise<ComponentList> {
  const slug = overrides.slug ?? `list-${randomBytes(4).toString('hex')}`;
  return t.dataSource.transaction(async (manager) => {
    const list = await manager.getRepository(ComponentList).save({
      name: overrides.name ?? `List ${slug}`,
      slug,
      showDashboard: overrides.showDashboard ?? true,
    });
    for (const component of overrides.components ?? []) {
      await manager.query('INSERT INTO component_list_components (list_id, component_id) VALUES ($1, $2)', [list.id, component.id]);
    }
    for (const rule of overrides.rules ?? []) await manager.getRepository(ComponentListRule).insert({ listId: list.id, ...rule });
    for (const group of overrides.groups ?? []) {
      await manager.query('INSERT INTO group_component_lists (group_id, list_id) VALUES ($1, $2)', [group.id, list.id]);
    }
    return list;
  });
}
