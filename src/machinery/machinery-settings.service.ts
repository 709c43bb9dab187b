import { Injectable, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { MESSAGES } from '../core/validation/field-rules';
import { checkConfigurationUrls, parseConfigurationJson, validConfiguration } from '../core/validation/configuration-schema';
import { MachineryEngine } from './machinery-engine';
import { MachineryEngines } from './machinery-engines';
import { MachinerySettingsRepository, ServiceConfigurations } from './machinery-settings.repository';

/** A service a project may use: its engine, its configuration, and whether the project (not the site) set it. */
export interface ConfiguredService {
  engine: MachineryEngine;
  configuration: Record<string, unknown>;
  fromProject: boolean;
}

/**
 * Which machine translation services a project may use: the site's (MT_SERVICES), and the project's own
 * (`/api/projects/<p>/machinery_settings/`, as Weblate 5.9), whose configuration of a service replaces the site's.
 * Every configuration is checked against its engine's schema, and URLs a project sets against the URL policy.
 */
@Injectable()
export class MachinerySettingsService implements OnModuleInit {
  private siteServices = new Map<string, ConfiguredService>();

  constructor(
    private readonly engines: MachineryEngines,
    private readonly settings: MachinerySettingsRepository,
    private readonly config: AppConfig,
  ) {}

  /** MT_SERVICES is checked as the server starts: an unknown service or a wrong configuration stops it. */
  onModuleInit(): void {
    for (const [service, raw] of Object.entries(this.config.machineryServices)) {
      try {
        const { engine, configuration } = this.validSchema(service, raw);
        this.siteServices.set(service, { engine, configuration, fromProject: false });
      } catch (error) {
        const detail = error instanceof ValidationError ? error.errors.map((entry) => entry.detail).join(' ') : String(error);
        throw new Error(`invalid configuration: MT_SERVICES: ${detail}`, { cause: error });
      }
    }
  }

  /** The services the project may use, by id. */
  async available(projectId: number): Promise<Map<string, ConfiguredService>> {
    const services = new Map(this.siteServices);
    for (const [service, configuration] of Object.entries(await this.settings.forProject(projectId))) {
      const engine = this.engines.find(service);
      if (engine) services.set(service, { engine, configuration, fromProject: true });
    }
    return services;
  }

  /** The project's own services with their configurations, keys included (callers hold project.edit). */
  projectSettings(projectId: number): Promise<ServiceConfigurations> {
    return this.settings.forProject(projectId);
  }

  /** POST: adds one service; a service the project has already is a 400, as in Weblate. */
  async install(projectId: number, body: { service?: unknown; configuration?: unknown }): Promise<{ message: string }> {
    const { engine, configuration } = await this.valid(serviceName(body.service), body.configuration);
    if (!(await this.settings.insert(projectId, engine.id, configuration))) throw ValidationError.field('service', 'Service already exists', 'unique');
    return { message: `Service installed: ${engine.name}` };
  }

  /** PATCH: sets one service's configuration, or removes the service when the configuration is left empty. */
  async update(projectId: number, body: { service?: unknown; configuration?: unknown }): Promise<{ message: string }> {
    const service = serviceName(body.service);
    const raw = parseConfigurationJson(body.configuration);
    if (raw === undefined || raw === null || raw === '' || (isObject(raw) && Object.keys(raw).length === 0)) {
      const engine = this.engine(service);
      await this.settings.remove(projectId, engine.id);
      return { message: `Service removed: ${engine.name}` };
    }
    const { engine, configuration } = await this.valid(service, raw);
    await this.settings.upsert(projectId, engine.id, configuration);
    return { message: `Service updated: ${engine.name}` };
  }

  /** PUT: the project's services become exactly the body's (service id → configuration). */
  async replace(projectId: number, body: unknown): Promise<{ message: string }> {
    if (!isObject(body)) throw ValidationError.field(null, 'Expected a dictionary of service configurations.');
    const services: ServiceConfigurations = {};
    for (const [service, raw] of Object.entries(body)) services[service] = (await this.valid(service, raw)).configuration;
    await this.settings.replace(projectId, services);
    return { message: `Services installed: ${Object.keys(services).join(', ')}` };
  }

  private async valid(service: string, raw: unknown): Promise<{ engine: MachineryEngine; configuration: Record<string, unknown> }> {
    const parsed = parseConfigurationJson(raw);
    const valid = this.validSchema(service, parsed);
    // The URLs the request names; an engine's default (DeepL's own API) needs no check, nor a DNS lookup.
    const given = valid.engine.urlFields.filter((field) => isObject(parsed) && parsed[field] !== undefined);
    await checkConfigurationUrls(valid.configuration, given, this.config.vcsBlockPrivateHosts);
    return valid;
  }

  private validSchema(service: string, raw: unknown): { engine: MachineryEngine; configuration: Record<string, unknown> } {
    const engine = this.engine(service);
    const configuration = validConfiguration(engine.schema, raw, engine.refine);
    return { engine, configuration };
  }

  private engine(service: string): MachineryEngine {
    const engine = this.engines.find(service);
    if (!engine) throw ValidationError.field('configuration', `Service not found: ${service}`);
    return engine;
  }
}

function serviceName(value: unknown): string {
  if (value === undefined || value === null || value === '') throw ValidationError.field('service', 'Missing service name', 'required');
  if (typeof value !== 'string') throw ValidationError.field('service', MESSAGES.string);
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
