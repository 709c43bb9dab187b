import { Injectable, OnModuleInit } from '@nestjs/common';
import { MachineTranslation } from '../machinery/machine-translation';
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
    private readonly machinery: MachineTranslation,
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
      const found = payload.autoSource === 'mt'
        ? await this.machineTranslations(run, payload, batch, (line) => progress.report((100 * start) / ids.length, line))
        : await this.auto.fromOtherComponents(run, batch, payload.componentId);
      updated += await this.auto.apply(run, found);
      await progress.report((100 * (start + batch.length)) / ids.length);
    }
    return { details: completionDetails(updated), updated };
  }

  /**
   * Weblate's `mt`: the strings' source texts translated by the engines asked for, the first good enough answer of
   * each (asked outside any transaction). An engine that fails is written to the task's log, and the others go on.
   */
  private async machineTranslations(run: AutoTranslationRun, payload: Payload, unitIds: readonly number[], log: (line: string) => Promise<void>): Promise<Map<number, string[]>> {
    const units = await this.auto.read(unitIds);
    const { component, language } = run.translation;
    const { results, failures } = await this.machinery.translate({
      projectId: component.project.id,
      sourceLanguage: component.sourceLanguage.code,
      targetLanguage: language.code,
      texts: units.flatMap((unit) => unit.source),
      engines: payload.engines,
      threshold: payload.threshold,
    });
    for (const failure of failures) await log(`Machine translation by ${failure.engine} failed: ${failure.detail}`);
    return this.auto.fromTextTranslations(run, units, new Map([...results].map(([source, result]) => [source, result.text])));
  }
}
