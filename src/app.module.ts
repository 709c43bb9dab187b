import { DynamicModule, Module } from '@nestjs/common';
import { CategoriesModule } from './categories/categories.module';
import { ComponentsModule } from './components/components.module';
import { AppConfig } from './config/app-config';
import { AuthModule } from './auth/auth.module';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core/core.module';
import { DatabaseModule, DatabaseTarget } from './database/database.module';
import { GroupsModule } from './groups/groups.module';
import { HealthModule } from './health/health.module';
import { LanguagesModule } from './languages/languages.module';
import { ProjectsModule } from './projects/projects.module';
import { RedisModule } from './redis/redis.module';
import { RolesModule } from './roles/roles.module';
import { RootModule } from './root/root.module';
import { TasksModule } from './tasks/tasks.module';
import { UsersModule } from './users/users.module';

export interface AppOptions {
  config: AppConfig;
  database: DatabaseTarget;
}

/** The API server. */
@Module({})
export class AppModule {
  static forRoot({ config, database }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        AuthModule,
        DatabaseModule.forRoot(database),
        RedisModule,
        TasksModule.forRoot(config, { http: true, workers: config.runWorkers }),
        CoreModule,
        HealthModule,
        UsersModule,
        LanguagesModule,
        RolesModule,
        GroupsModule,
        ProjectsModule,
        CategoriesModule,
        ComponentsModule,
        RootModule,
      ],
    };
  }
}
