import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { resolve } from 'node:path';
import { LOCAL_HOSTS, parseAllowedHosts } from '../core/http/allowed-hosts';
import { parseRate, Rate } from '../core/rate-limit/rate';
import { EnvSchema } from './env.schema';
import { parseMachineryServices } from './machinery-services.validator';

/** The validated, typed configuration; the only object that knows about process.env. */
export class AppConfig {
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly redisPrefix: string;
  readonly siteUrl?: string;
  readonly trustProxy: boolean;
  /** Hosts requests may name; null: any, unchecked (SITE_URL set and ALLOWED_HOSTS not). */
  readonly allowedHosts: readonly string[] | null;
  readonly anonymousRate: Rate;
  readonly userRate: Rate;
  readonly pageSize: number;
  readonly enableHooks: boolean;
  readonly requireLogin: boolean;
  readonly updateLanguages: boolean;
  readonly runWorkers: boolean;
  readonly uploadMaxBytes: number;
  readonly memoryImportMaxEntries: number;
  readonly screenshotMaxPixels: number;
  readonly dbStatementTimeoutMs: number;
  /** The statement budget of unit searches: SEARCH_TIMEOUT_MS, or the connections' own timeout when lower. */
  readonly searchTimeoutMs: number;
  readonly searchConcurrency: { perCaller: number; total: number };
  readonly projectRemovalBackgroundUnits: number;
  readonly eventsPollMs: number;
  readonly smtp: { url: string; from: string } | null;
  readonly webhookRetryDelayMs: number;
  readonly logLevel: string;
  readonly siteTitle: string;
  readonly vcsAllowedSchemes: string[];
  readonly vcsBlockPrivateHosts: boolean;
  /** MT_SERVICES: site-wide machine translation services, id → configuration (checked by the machinery module). */
  readonly machineryServices: Readonly<Record<string, Record<string, unknown>>>;
  readonly machineryTimeoutMs: number;
  readonly autotranslateWaitMs: number;
  readonly shutdownTimeoutMs: number;
  readonly shutdownDrainMs: number;

  constructor(env: EnvSchema) {
    this.port = env.PORT;
    this.dataDir = resolve(env.DATA_DIR);
    this.databaseUrl = env.DATABASE_URL || undefined;
    this.redisUrl = env.REDIS_URL || undefined;
    this.redisPrefix = env.REDIS_PREFIX;
    this.siteUrl = env.SITE_URL?.replace(/\/+$/, '');
    this.trustProxy = env.TRUST_PROXY;
    this.allowedHosts = env.ALLOWED_HOSTS !== undefined ? parseAllowedHosts(env.ALLOWED_HOSTS) : this.siteUrl ? null : LOCAL_HOSTS;
    this.anonymousRate = parseRate(env.API_RATELIMIT_ANON)!;
    this.userRate = parseRate(env.API_RATELIMIT_USER)!;
    this.pageSize = env.PAGE_SIZE;
    this.enableHooks = env.ENABLE_HOOKS;
    this.requireLogin = env.REQUIRE_LOGIN;
    this.updateLanguages = env.UPDATE_LANGUAGES;
    this.runWorkers = env.RUN_WORKERS;
    this.uploadMaxBytes = env.UPLOAD_MAX_BYTES;
    this.memoryImportMaxEntries = env.MEMORY_IMPORT_MAX_ENTRIES;
    this.screenshotMaxPixels = env.SCREENSHOT_MAX_PIXELS;
    this.dbStatementTimeoutMs = env.DB_STATEMENT_TIMEOUT_MS;
    this.searchTimeoutMs = env.DB_STATEMENT_TIMEOUT_MS > 0 ? Math.min(env.SEARCH_TIMEOUT_MS, env.DB_STATEMENT_TIMEOUT_MS) : env.SEARCH_TIMEOUT_MS;
    this.searchConcurrency = { perCaller: env.SEARCH_CONCURRENCY_PER_CALLER, total: env.SEARCH_CONCURRENCY_TOTAL };
    this.projectRemovalBackgroundUnits = env.PROJECT_REMOVAL_BACKGROUND_UNITS;
    this.eventsPollMs = env.EVENTS_POLL_MS;
    this.smtp = env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null;
    this.webhookRetryDelayMs = env.WEBHOOK_RETRY_DELAY_MS;
    this.logLevel = env.LOG_LEVEL;
    this.siteTitle = env.SITE_TITLE;
    this.vcsAllowedSchemes = env.VCS_ALLOW_SCHEMES.split(',').map((scheme) => scheme.trim());
    this.vcsBlockPrivateHosts = env.VCS_BLOCK_PRIVATE_HOSTS;
    this.machineryServices = parseMachineryServices(env.MT_SERVICES)!;
    this.machineryTimeoutMs = env.MT_TIMEOUT_MS;
    this.autotranslateWaitMs = env.AUTOTRANSLATE_WAIT_MS;
    this.shutdownTimeoutMs = env.SHUTDOWN_TIMEOUT_MS;
    this.shutdownDrainMs = env.SHUTDOWN_DRAIN_MS ?? (this.databaseUrl ? 5000 : 0);
  }
}

export class ConfigError extends Error {}

/** Validates the environment; throws a ConfigError listing every problem, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.fromEntries(
    Object.keys(new EnvSchema()).concat(['DATABASE_URL', 'REDIS_URL', 'SITE_URL', 'ALLOWED_HOSTS', 'SHUTDOWN_DRAIN_MS'])
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const schema = plainToInstance(EnvSchema, known, { exposeDefaultValues: true });
  const errors = validateSync(schema, { whitelist: true, forbidNonWhitelisted: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((text) => `invalid configuration: ${text}`));
    throw new ConfigError(lines.join('\n'));
  }
  return new AppConfig(schema);
}
