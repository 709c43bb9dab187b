import { DynamicModule, Module } from '@nestjs/common';
import { AddonsModule } from './addons/addons.module';
import { AutoTranslateModule } from './autotranslate/autotranslate.module';
import { CategoriesModule } from './categories/categories.module';
import { ChangesModule } from './changes/changes.module';
import { ComponentListsModule } from './component-lists/component-lists.module';
import { ComponentsModule } from './components/components.module';
import { AppConfig } from './config/app-config';
import { AuthModule } from './auth/auth.module';
import { PolicyModule } from './auth/policy/policy.module';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core/core.module';
import { DatabaseModule, DatabaseTarget } from './database/database.module';
import { DownloadsModule } from './downloads/downloads.module';
import { EventsModule } from './events/events.module';
import { ExportsModule } from './exports/exports.module';
import { GroupsModule } from './groups/groups.module';
import { HealthModule } from './health/health.module';
import { HooksModule } from './hooks/hooks.module';
import { LabelsModule } from './labels/labels.module';
import { LanguagesModule } from './languages/languages.module';
import { MachineryModule } from './machinery/machinery.module';
import { MemoryModule } from './memory/memory.module';
import { MetricsModule } from './metrics/metrics.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ProjectBackupsModule } from './project-backups/project-backups.module';
import { ProjectsModule } from './projects/projects.module';
import { RedisModule } from './redis/redis.module';
import { RepositoryOperationsModule } from './repository-operations/repository-operations.module';
import { RolesModule } from './roles/roles.module';
import { RootModule } from './root/root.module';
import { SearchModule } from './search/search.module';
import { ScreenshotStorageModule } from './screenshots/screenshot-storage.module';
import { ScreenshotsModule } from './screenshots/screenshots.module';
import { TasksModule } from './tasks/tasks.module';
import { TranslationLifecycleModule } from './translations/translation-lifecycle.module';
import { TranslationsModule } from './translations/translations.module';
import { UnitsModule } from './units/units.module';
import { UsersModule } from './users/users.module';

export interface AppOptions {
  config: AppConfig;
  database: DatabaseTarget;
  /** A separate background worker (`npm run worker`): the same modules, consuming the task queue. */
  worker?: boolean;
}

/** The API server, or with `worker` the background worker: the same modules, so every job has its handler. */
@Module({})
export class AppModule {
  static forRoot({ config, database, worker = false }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        AuthModule,
        // Requests' statements are bounded (tasks lift the bound wherever they run); a separate worker serves none.
        DatabaseModule.forRoot({ ...database, statementTimeoutMs: worker ? 0 : config.dbStatementTimeoutMs }),
        RedisModule,
        TasksModule.forRoot(config, { http: !worker, workers: worker || config.runWorkers }),
        EventsModule.forRoot(config, { workers: worker || config.runWorkers }),
        NotificationsModule.forRoot({ workers: worker || config.runWorkers }),
        RepositoryOperationsModule,
        CoreModule.forRoot({ imports: [UsersModule] }),
        PolicyModule,
        HealthModule,
        UsersModule,
        LanguagesModule,
        RolesModule,
        GroupsModule,
        ProjectsModule,
        CategoriesModule,
        LabelsModule,
        ComponentsModule,
        ComponentListsModule,
        ProjectBackupsModule,
        ChangesModule,
        TranslationsModule,
        TranslationLifecycleModule,
        UnitsModule,
        AutoTranslateModule,
        DownloadsModule,
        ScreenshotStorageModule,
        ScreenshotsModule,
        MemoryModule,
        MachineryModule,
        HooksModule,
        AddonsModule.forRoot(config, { workers: worker || config.runWorkers }),
        ExportsModule,
        SearchModule,
        MetricsModule,
        RootModule,
      ],
    };
  }
}
