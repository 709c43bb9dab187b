import { randomBytes } from 'node:crypto';
import { Component } from '../../src/components/component.entity';
import { defaultMessageColumns } from '../../src/components/component-defaults';
import { Language } from '../../src/languages/language.entity';
import { Project } from '../../src/projects/project.entity';
import { TestApp } from '../support/test-app';

/** A component row as creation leaves it (repository work is not done here); distinct on every call. */
export async function createComponent(t: TestApp, project: Project, overrides: Partial<Component> = {}): Promise<Component> {
  const slug = `c-${randomBytes(3).toString('hex')}`;
  const english = await t.dataSource.getRepository(Language).findOneByOrFail({ code: 'en' });
  return t.dataSource.getRepository(Component).save({
    projectId: project.id,
    name: `Component ${slug}`,
    slug,
    repo: 'https://git.example.org/repo.git',
    branch: 'main',
    filemask: 'po/*.po',
    fileFormat: 'po',
    sourceLanguageId: english.id,
    ...defaultMessageColumns(),
    ...overrides,
  });
}
