import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { RepeatingWork } from '../core/scheduling/repeating-work';
import { withoutStatementTimeout } from '../database/statement-timeout';
import { ADDONS } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonRunners } from './addon-runners';
import { AddonsRepository } from './addons.repository';

/** How often processes running background work look for daily runs that are due. */
const CHECK_EVERY_MS = 60 * 60_000;

const DAILY = ADDONS.filter((definition) => definition.events.includes('daily')).map((definition) => definition.name);

/**
 * Weblate's daily add-on event. Each add-on's run is claimed in the database (`addons.last_daily`), so however many
 * processes look, it runs once a day; each add-on runs in a transaction of its own, its failures recorded.
 */
@Injectable()
export class DailyAddons {
  constructor(
    private readonly addons: AddonsRepository,
    private readonly runners: AddonRunners,
    private readonly execution: AddonExecution,
  ) {}

  /** Runs every add-on whose daily run is due (what the timer calls; tests call it to run the day now). */
  async runDue(): Promise<void> {
    await withoutStatementTimeout(async () => {
      for (const id of await this.addons.dueDaily(DAILY)) {
        await this.addons.transaction(async (manager) => {
          if (!(await this.addons.claimDaily(manager, id))) return;
          const addon = (await this.addons.findAddon(manager, id))!;
          for (const run of this.runners.ownRuns(addon, await this.addons.componentsOf(manager, addon))) await this.execution.run(manager, run);
        });
      }
    });
  }
}

/** In processes that run background work: looks for due daily runs every hour. */
@Injectable()
export class DailyAddonsTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('addons');
  private readonly checking = new RepeatingWork(() => this.daily.runDue().catch((error: unknown) => this.logger.error({ err: error }, 'daily add-on runs failed')));

  constructor(private readonly daily: DailyAddons) {}

  onApplicationBootstrap(): void {
    this.checking.start(CHECK_EVERY_MS);
  }

  /** Before the queues and connections close (their onApplicationShutdown), so no run is left waiting on them. */
  beforeApplicationShutdown(): Promise<void> {
    return this.checking.stop();
  }
}
