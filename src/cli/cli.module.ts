import { DynamicModule, Module } from '@nestjs/common';
import { AppOptions } from '../app.module';
import { AuthModule } from '../auth/auth.module';
import { ChangesModule } from '../changes/changes.module';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { LanguagesModule } from '../languages/languages.module';
import { MemoryImportModule } from '../memory/memory-import.module';
import { RedisModule } from '../redis/redis.module';
import { UsersModule } from '../users/users.module';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';
import { BackupCommand } from './backup.command';
import { CheckCommand } from './check.command';
import { CreateAdminCommand } from './create-admin.command';
import { ImportMemoryCommand } from './import-memory.command';
import { ImportUsersCommand } from './import-users.command';
import { InstallationBackupService } from './installation-backup/installation-backup.service';
import { MigrateCommand } from './migrate.command';
import { RestoreCommand } from './restore.command';

/** The admin commands (`npm run cli -- <command>`). The database connects only when a command needs it. */
@Module({})
export class CliModule {
  static forRoot({ config, database }: AppOptions): DynamicModule {
    return {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), AuthModule, DatabaseModule.forRoot(database, { lazy: true }), RedisModule, ChangesModule, UsersModule, LanguagesModule, MemoryImportModule, WorkingCopiesModule],
      providers: [MigrateCommand, CreateAdminCommand, CheckCommand, ImportUsersCommand, ImportMemoryCommand, BackupCommand, RestoreCommand, InstallationBackupService],
    };
  }
}
