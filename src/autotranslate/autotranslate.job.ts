import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { JobPayloads, TaskProgress } from '../tasks/jobs';
import { TranslationLookup } from '../translations/translation-lookup';
import { AutoTranslation, AutoTranslationRun } from '../units/auto-translation.service';
import { completionDetails } from './autotranslate-options';

type Payload = JobPayloads['translation.autotranslate'];

/** Strings looked up and written per transaction: progress moves between batches, and no lock is held for long. */
const BATCH = 1000;

/** The task behind POST …/autotranslate/: the selected strings in batches, each filled and written in its own transaction. */
@Injectable()
export class AutoTranslateJob implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly translations: TranslationLookup,
    private readonly auto: AutoTranslation,
  ) {}

  onModuleInit(): void {
    this.registry.register('translation.autotranslate', (payload, progress) => this.run(payload, progress));
  }

  /** The task's result: Weblate's completion message and the number of strings updated. */
  async run(payload: Payload, progress: TaskProgress): Promise<{ details: string; updated: number }> {
    const [translation] = await this.translations.findByIds([payload.translationId]);
    if (!translation) return { details: 'Automatic translation failed: the translation no longer exists.', updated: 0 };
    const run: AutoTranslationRun = { translation, mode: payload.mode, query: payload.query, userId: payload.userId };
    const ids = await this.auto.selected(run);
    await progress.report(0, `Automatic translation (${payload.mode}) from ${payload.autoSource}: ${ids.length} strings selected.`);
    let updated = 0;
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH);
      updated += await this.auto.apply(run, await this.auto.fromOtherComponents(run, batch, payload.componentId));
      await progress.report((100 * (start + batch.length)) / ids.length);
    }
    return { details: completionDetails(updated), updated };
  }
}
