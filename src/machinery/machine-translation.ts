import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { EngineError } from './machinery-engine';
import { MachinerySettingsService } from './machinery-settings.service';

export interface MachineTranslationRequest {
  projectId: number;
  sourceLanguage: string;
  targetLanguage: string;
  texts: readonly string[];
  engines: readonly string[];
  threshold: number;
}

export interface MachineTranslationResult {
  results: Map<string, { text: string; quality: number; engine: string }>;
  failures: { engine: string; detail: string }[];
}

/**
 * Machine translation for other modules (automatic translation): the services a project may use, asked in the
 * caller's order for the texts still without a good enough translation.
 */
@Injectable()
export class MachineTranslation {
  constructor(
    private readonly settings: MachinerySettingsService,
    private readonly config: AppConfig,
  ) {}

  /** Throws a 400 DomainError (attr `engines`) naming the first engine that is unknown or not configured for the project. */
  async assertEngines(projectId: number, engines: readonly string[]): Promise<void> {
    const available = await this.settings.available(projectId);
    const missing = engines.find((engine) => !available.has(engine));
    if (missing !== undefined) {
      throw ValidationError.field('engines', `Machine translation engine "${missing}" is unknown or not configured for this project.`, 'invalid_choice');
    }
  }

  /** The best translation at or above `threshold` (1–100) per source text from the engines (in order, first good one wins); an engine that fails is reported in `failures` and the others go on. */
  async translate(request: MachineTranslationRequest): Promise<MachineTranslationResult> {
    const available = await this.settings.available(request.projectId);
    const results: MachineTranslationResult['results'] = new Map();
    const failures: MachineTranslationResult['failures'] = [];
    let pending = [...new Set(request.texts)].filter((text) => text !== '');
    for (const id of request.engines) {
      if (pending.length === 0) break;
      const service = available.get(id);
      if (!service) {
        failures.push({ engine: id, detail: `Machine translation engine "${id}" is unknown or not configured for this project.` });
        continue;
      }
      try {
        const found = await service.engine.translate(
          service.configuration,
          { projectId: request.projectId, sourceLanguage: request.sourceLanguage, targetLanguage: request.targetLanguage, texts: pending, threshold: request.threshold },
          { timeoutMs: this.config.machineryTimeoutMs, publicOnly: service.fromProject && this.config.vcsBlockPrivateHosts },
        );
        for (const [source, translation] of found) {
          if (translation.quality >= request.threshold && translation.text !== '' && !results.has(source)) results.set(source, { ...translation, engine: id });
        }
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        failures.push({ engine: id, detail: error.message });
      }
      pending = pending.filter((text) => !results.has(text));
    }
    return { results, failures };
  }
}
