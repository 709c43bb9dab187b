import { Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { Command, CommandRunner } from 'nest-commander';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DatabaseMigrator } from '../database/database-migrator';
import { REDIS } from '../redis/redis.module';
import { connect } from './connect';

/** The deployment check of the upgrade procedure: one line per problem, non-zero exit status if any. */
@Command({ name: 'check', description: 'check the deployment: configuration, database, migrations, Redis, DATA_DIR' })
export class CheckCommand extends CommandRunner {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly migrator: DatabaseMigrator,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {
    super();
  }

  async run(): Promise<void> {
    const problems = [...(await this.checkDatabase()), ...(await this.checkRedis()), ...(await this.checkDataDir())];
    for (const problem of problems) process.stdout.write(`${problem}\n`);
    // Not a problem, but worth knowing: subscriptions are accepted and nobody is told anything.
    if (!this.config.smtp) process.stdout.write('notifications: SMTP_URL is not set, so no notification e-mail is sent\n');
    if (problems.length > 0) {
      process.exitCode = 1;
      return;
    }
    process.stdout.write('deployment check passed\n');
  }

  private async checkDatabase(): Promise<string[]> {
    try {
      await connect(this.dataSource);
    } catch (error) {
      return [`database: cannot connect: ${(error as Error).message}`];
    }
    const pending = await this.migrator.pending();
    return pending.length ? [`database: ${pending.length} migration(s) not applied (run "npm run cli -- migrate"): ${pending.join(', ')}`] : [];
  }

  private async checkRedis(): Promise<string[]> {
    if (!this.redis) return [];
    try {
      await this.redis.ping();
      return [];
    } catch (error) {
      return [`redis: cannot reach ${this.config.redisUrl}: ${(error as Error).message}`];
    }
  }

  private async checkDataDir(): Promise<string[]> {
    try {
      await mkdir(this.config.dataDir, { recursive: true });
      await access(this.config.dataDir, constants.W_OK);
      return [];
    } catch (error) {
      return [`DATA_DIR: ${this.config.dataDir} is not writable: ${(error as Error).message}`];
    }
  }
}
