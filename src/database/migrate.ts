import { INestApplicationContext } from '@nestjs/common';
import { LanguageDataSync } from '../languages/language-data.sync';
import { DatabaseMigrator } from './database-migrator';

/** Brings the schema and the shipped reference data up to date: at start, by `cli migrate`, in tests. */
export async function migrateAndSeed(app: INestApplicationContext): Promise<void> {
  await app.get(DatabaseMigrator).migrate();
  await app.get(LanguageDataSync).sync();
}
