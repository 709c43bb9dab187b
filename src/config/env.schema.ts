import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, Validate } from 'class-validator';
import { AllowedHostsSyntax } from './allowed-hosts.validator';
import { MachineryServicesSyntax } from './machinery-services.validator';
import { RateSyntax } from './rate.validator';

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return false;
  return value;
};

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** Every environment variable the server reads; validated once at boot (see loadConfig). */
export class EnvSchema {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535)
  PORT = 8000;

  @IsOptional() @IsString()
  DATA_DIR = './data';

  @IsOptional() @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional() @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Prefix of every Redis key (queues, rate limits, locks), so several installations can share one server. */
  @IsOptional() @Matches(/^[A-Za-z0-9:_-]+$/)
  REDIS_PREFIX = 'wts';

  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  SITE_URL?: string;

  @IsOptional() @Transform(toBoolean) @IsBoolean()
  TRUST_PROXY = false;

  /**
   * Hosts a request may name (Host, or X-Forwarded-Host behind a trusted proxy); others are refused with 400. Unset:
   * localhost, 127.0.0.1 and [::1] without SITE_URL, any host with it (URLs then never come from the request).
   */
  @IsOptional() @Validate(AllowedHostsSyntax)
  ALLOWED_HOSTS?: string;

  @IsOptional() @Validate(RateSyntax)
  API_RATELIMIT_ANON = '100/day';

  @IsOptional() @Validate(RateSyntax)
  API_RATELIMIT_USER = '5000/hour';

  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  PAGE_SIZE = 50;

  @IsOptional() @Transform(toBoolean) @IsBoolean()
  ENABLE_HOOKS = true;

  @IsOptional() @Transform(toBoolean) @IsBoolean()
  REQUIRE_LOGIN = false;

  @IsOptional() @Transform(toBoolean) @IsBoolean()
  UPDATE_LANGUAGES = true;

  /** Whether an API process also runs the background workers (a separate `npm run worker` needs REDIS_URL). */
  @IsOptional() @Transform(toBoolean) @IsBoolean()
  RUN_WORKERS = true;

  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

  /** Translation pairs one memory import (upload or `import-memory`) may hold; a larger file is refused, nothing stored. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  MEMORY_IMPORT_MAX_ENTRIES = 500_000;

  /**
   * PostgreSQL statement_timeout of requests' statements, in milliseconds (0: none): no single request holds a
   * connection forever; a statement cancelled by it answers 503. Tasks and migrations run without it.
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  DB_STATEMENT_TIMEOUT_MS = 30_000;

  /**
   * Time budget of each statement of a unit list or search (`q`), in milliseconds; DB_STATEMENT_TIMEOUT_MS, when
   * lower, wins. A search that needs more is cancelled and answered 503 with a detail, giving its connection back.
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(100)
  SEARCH_TIMEOUT_MS = 5_000;

  /** Unit lists and searches one caller (a user, or a client IP when anonymous) runs at once; more wait briefly, then 429. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  SEARCH_CONCURRENCY_PER_CALLER = 2;

  /**
   * Unit lists and searches the installation runs at once, counted in Redis across replicas when REDIS_URL is set;
   * more wait briefly, then 503. Keep it well below the database pool (20 connections per process).
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  SEARCH_CONCURRENCY_TOTAL = 8;

  /** Largest screenshot, in pixels (width × height) its header declares; checked before anything decodes it. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  SCREENSHOT_MAX_PIXELS = 50_000_000;

  /**
   * How often a process that runs background work looks for committed changes to deliver as events, in
   * milliseconds (0: never; another process delivers them).
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  EVENTS_POLL_MS = 1000;

  /** How long a webhook delivery that failed waits before its next attempt, in milliseconds; doubled after each failure. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1)
  WEBHOOK_RETRY_DELAY_MS = 30_000;

  /**
   * How long POST …/autotranslate/ waits for its task before answering "in progress" with the task's URL: a run
   * done by then is answered with Weblate's completion message, as Weblate (which runs it in the request) does.
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  AUTOTRANSLATE_WAIT_MS = 10_000;

  /**
   * On SIGTERM/SIGINT, how long the server lets requests already being answered finish (new connections are refused
   * at once) before it cuts the rest and stops its background work and database.
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /**
   * On SIGTERM, how long the server keeps answering with `/healthz` at 503 before it stops listening, so a load
   * balancer polling it sends new requests elsewhere first. Default: 5000 with DATABASE_URL (replicas behind a load
   * balancer), 0 with the embedded database (one server, nowhere else to send them). Ctrl-C (SIGINT) skips it.
   */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  SHUTDOWN_DRAIN_MS?: number;

  /** Projects with more strings than this are deleted by a background task (the request answers at once). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0)
  PROJECT_REMOVAL_BACKGROUND_UNITS = 20_000;

  /** Repository URL schemes users may point components at (`https`, `http`, `ssh`; `file` only for tests). */
  @IsOptional() @Matches(/^\s*[a-z]+(\s*,\s*[a-z]+)*\s*$/, { message: 'VCS_ALLOW_SCHEMES must be a comma-separated list such as https,ssh' })
  VCS_ALLOW_SCHEMES = 'https,ssh';

  /** Refuse repository hosts on loopback, private and link-local networks (set false for an intranet). */
  @IsOptional() @Transform(toBoolean) @IsBoolean()
  VCS_BLOCK_PRIVATE_HOSTS = true;

  /**
   * Machine translation services every project may use: a JSON object, service id → its configuration (README,
   * "Machine translation"). A project's own settings of a service replace these.
   */
  @IsOptional() @Validate(MachineryServicesSyntax)
  MT_SERVICES = '{"weblate": {}, "weblate-translation-memory": {}}';

  /** How long a machine translation service may take to answer one request, in milliseconds. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(100)
  MT_TIMEOUT_MS = 10_000;

  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @IsOptional() @IsString()
  SITE_TITLE = 'Weblate';

  /**
   * The SMTP server notification e-mails go through: `smtp://user:password@host:587` (STARTTLS when offered) or
   * `smtps://…:465`. Without it nothing is queued or sent.
   */
  @IsOptional() @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The From address of notification e-mails. */
  @IsOptional() @IsString()
  SMTP_FROM = 'Weblate <noreply@localhost>';
}
