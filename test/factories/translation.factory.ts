import { Component } from '../../src/components/component.entity';
import { Language } from '../../src/languages/language.entity';
import { Translation } from '../../src/translations/translation.entity';
import { TestApp } from '../support/test-app';

/**
 * A translation row of the component in the language with this code, with whatever stored aggregates the
 * test sets (there are no units behind them: the aggregates are what the API reads).
 */
export async function createTranslation(t: TestApp, component: Component, code: string, overrides: Partial<Translation> = {}): Promise<Translation> {
  const language = await t.dataSource.getRepository(Language).findOneByOrFail({ code });
  return t.dataSource.getRepository(Translation).save({
    componentId: component.id,
    languageId: language.id,
    languageCode: code,
    filename: `po/${code}.po`,
    ...overrides,
  });
}
