import { Injectable } from '@nestjs/common';
import { EngineTranslation, MachineryEngine, NO_CONFIGURATION, TranslationRequest } from '../machinery-engine';
import { WeblateMatchesRepository } from '../weblate-matches.repository';

/**
 * Weblate's own engine (weblate/machinery/weblatetm.py, `weblate`): translations this server already has of the
 * same source string, in other components of the project and in projects anyone may see. Only exact matches, so
 * each scores 100.
 */
@Injectable()
export class WeblateEngine implements MachineryEngine {
  readonly id = 'weblate';
  readonly name = 'Weblate';
  readonly schema = NO_CONFIGURATION;
  readonly urlFields = [];

  constructor(private readonly matches: WeblateMatchesRepository) {}

  async translate(_configuration: Record<string, unknown>, request: TranslationRequest): Promise<Map<string, EngineTranslation>> {
    const found = await this.matches.exactMatches(request.projectId, request.sourceLanguage, request.targetLanguage, request.texts);
    return new Map([...found].map(([source, target]) => [source, { text: target, quality: 100 }]));
  }
}
