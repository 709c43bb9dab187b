import { Injectable } from '@nestjs/common';
import { DEEPL } from './engines/deepl.engine';
import { LIBRETRANSLATE } from './engines/libretranslate.engine';
import { MemoryEngine } from './engines/memory.engine';
import { OPENAI } from './engines/openai.engine';
import { WeblateEngine } from './engines/weblate.engine';
import { MachineryEngine } from './machinery-engine';

/** The machine translation engines this server has, by Weblate's machinery id. */
@Injectable()
export class MachineryEngines {
  private readonly engines: ReadonlyMap<string, MachineryEngine>;

  constructor(weblate: WeblateEngine, memory: MemoryEngine) {
    this.engines = new Map([weblate, memory, LIBRETRANSLATE, DEEPL, OPENAI].map((engine) => [engine.id, engine]));
  }

  find(id: string): MachineryEngine | undefined {
    return this.engines.get(id);
  }
}
