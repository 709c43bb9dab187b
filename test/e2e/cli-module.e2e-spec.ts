import { Test } from '@nestjs/testing';
import { BackupCommand } from '../../src/cli/backup.command';
import { CheckCommand } from '../../src/cli/check.command';
import { CliModule } from '../../src/cli/cli.module';
import { CreateAdminCommand } from '../../src/cli/create-admin.command';
import { ImportMemoryCommand } from '../../src/cli/import-memory.command';
import { ImportUsersCommand } from '../../src/cli/import-users.command';
import { MigrateCommand } from '../../src/cli/migrate.command';
import { RestoreCommand } from '../../src/cli/restore.command';
import { loadConfig } from '../../src/config/app-config';

/**
 * The admin CLI builds its own, smaller module graph than the server: every command's dependencies must resolve
 * in it (a service gaining a dependency once broke `createadmin` while the server started fine).
 */
describe('admin CLI module', () => {
  it('resolves every command', async () => {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', REDIS_URL: '' });
    const moduleRef = await Test.createTestingModule({ imports: [CliModule.forRoot({ config, database: { url: process.env.TEST_DATABASE_URL! } })] }).compile();
    try {
      for (const command of [MigrateCommand, CreateAdminCommand, CheckCommand, ImportUsersCommand, ImportMemoryCommand, BackupCommand, RestoreCommand]) expect(moduleRef.get(command)).toBeInstanceOf(command);
    } finally {
      await moduleRef.close();
    }
  });
});
