import { Injectable } from '@nestjs/common';
import { MemoryLookup } from '../../memory/memory-lookup';
import { EngineTranslation, MachineryEngine, NO_CONFIGURATION, TranslationRequest } from '../machinery-engine';

/**
 * Weblate's translation memory engine (weblate/memory/machine.py, `weblate-translation-memory`): the memory's
 * exact and similar entries of the project and the site-wide ones, with the lookup's quality. No person's own
 * entries: the engine answers for a project, whoever asks.
 */
@Injectable()
export class MemoryEngine implements MachineryEngine {
  readonly id = 'weblate-translation-memory';
  readonly name = 'Weblate Translation Memory';
  readonly schema = NO_CONFIGURATION;
  readonly urlFields = [];

  constructor(private readonly memory: MemoryLookup) {}

  async translate(_configuration: Record<string, unknown>, request: TranslationRequest): Promise<Map<string, EngineTranslation>> {
    const found = await this.memory.lookup({
      sourceLanguage: request.sourceLanguage,
      targetLanguage: request.targetLanguage,
      texts: request.texts,
      projectId: request.projectId,
      userId: null,
      threshold: request.threshold,
    });
    return new Map([...found].map(([source, match]) => [source, { text: match.target, quality: match.quality }]));
  }
}
