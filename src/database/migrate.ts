import { Type } from '@nestjs/common';
import { AccessDataSync } from '../auth/access-data.sync';
import { LanguageDataSync } from '../languages/language-data.sync';
import { DatabaseMigrator } from './database-migrator';
import { withoutStatementTimeout } from './statement-timeout';

/**
 * Brings the schema and the shipped reference data (languages, default roles and groups) up to date: at
 * start, by `cli migrate`, in tests. `resolve` finds a provider in whatever context the caller has.
 */
export function migrateAndSeed(resolve: <T>(type: Type<T>) => T): Promise<string[]> {
  // An index built over millions of strings takes longer than a request may: the API's timeout is not for this.
  return withoutStatementTimeout(async () => {
    const applied = await resolve(DatabaseMigrator).migrate();
    await resolve(LanguageDataSync).sync();
    await resolve(AccessDataSync).sync();
    return applied;
  });
}
