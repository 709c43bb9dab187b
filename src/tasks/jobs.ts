import type { AutoSource } from '../autotranslate/autotranslate-options';
import type { AutoTranslateMode } from '../units/auto-translation.service';

/** The queue every user-visible background task runs on. */
export const TASK_QUEUE = 'tasks';

/**
 * Job name → payload. Each domain module adds its jobs here; payloads carry ids, never entities, so a
 * worker in another process re-loads what it needs.
 */
export interface JobPayloads {
  /**
   * Clone (or attach to the shared repository of) a new component and discover its translations; `restored`: its
   * working copy came with a project backup, so there is nothing to clone.
   */
  'component.setup': { componentId: number; restored?: boolean };
  /** Write a project backup (POST /api/projects/<p>/backups/): pending changes committed, then the ZIP. */
  'project.backup': { projectId: number; userId: number };
  /** Delete a large project's strings in batches, then the project. */
  'project.remove': { projectId: number };
  /**
   * Pull a working copy (its owning component) and re-read its files, as a notification hook asked; then the
   * working copies of `sameRepository` (components cloned from the same URL and branch), from what it fetched.
   */
  'repository.update': { componentId: number; sameRepository?: number[] };
  /** Run one add-on now over what it is installed on (POST /api/addons/<id>/trigger/). */
  'addon.trigger': { addonId: number };
  /** Add these languages to the project's components missing them (the language consistency add-on, after a language was added). */
  'addon.languages': { addonId: number; projectId: number; languageIds: number[] };
  /** Fill a translation's strings from other components or machine translation (POST …/autotranslate/), options checked. */
  'translation.autotranslate': {
    translationId: number;
    userId: number | null;
    mode: AutoTranslateMode;
    query: string;
    autoSource: AutoSource;
    /** `others` from this component only; null: every component of the project. */
    componentId: number | null;
    engines: string[];
    threshold: number;
  };
}

export type JobName = keyof JobPayloads & string;

export interface JobEnvelope<N extends JobName = JobName> {
  taskId: string;
  name: N;
  payload: JobPayloads[N];
}

/** What a running job may tell the user while it works. */
export interface TaskProgress {
  report(percent: number, logLine?: string): Promise<void>;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], progress: TaskProgress) => Promise<unknown>;
