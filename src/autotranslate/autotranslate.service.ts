import { Injectable } from '@nestjs/common';
import { allows } from '../auth/policy/object-rules';
import type { Actor } from '../auth/policy/current-actor';
import { componentScope } from '../auth/scopes';
import type { ComponentContext } from '../components/component-context';
import { ComponentLookup } from '../components/component-lookup';
import { AppConfig } from '../config/app-config';
import { PermissionDeniedError, ValidationError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { MAX_ID, MESSAGES } from '../core/validation/field-rules';
import { MachineTranslation } from '../machinery/machine-translation';
import { JobPayloads } from '../tasks/jobs';
import { TasksService } from '../tasks/tasks.service';
import type { TranslationContext } from '../translations/translation-context';
import { permissionScope } from '../units/unit-editing.service';
import { compileSearch } from '../units/units.service';
import { selectionQuery } from './autotranslate-options';
import { AUTOTRANSLATE_RULES } from './autotranslate.rules';
import { AutoTranslateDto } from './dto/autotranslate.dto';

/** Weblate's score threshold when none is given. */
const DEFAULT_THRESHOLD = 80;

export interface AutoTranslateResponse {
  details: string;
  task_url: string;
}

/**
 * POST …/autotranslate/: checks what the request asks for, then runs it as a task (`translation.autotranslate`,
 * autotranslate.job.ts) whose URL the answer carries. A run done within AUTOTRANSLATE_WAIT_MS is answered with
 * its result, Weblate's completion message (Weblate runs it in the request; its clients read that text); a longer
 * one with "in progress", the task's URL telling the rest.
 */
@Injectable()
export class AutoTranslateService {
  constructor(
    private readonly tasks: TasksService,
    private readonly components: ComponentLookup,
    private readonly machinery: MachineTranslation,
    private readonly config: AppConfig,
  ) {}

  async start(context: TranslationContext, body: AutoTranslateDto, actor: Actor, urls: UrlBuilder): Promise<AutoTranslateResponse> {
    if (context.component.component.locked) throw new PermissionDeniedError('Component is locked');
    const started = await this.tasks.start('translation.autotranslate', await this.payload(context, body, actor));
    const task = await this.tasks.settled(started.id, this.config.autotranslateWaitMs);
    return { details: task.completed ? outcome(task.result) : 'Automatic translation in progress', task_url: urls.task(task.id) };
  }

  private async payload(context: TranslationContext, body: AutoTranslateDto, actor: Actor): Promise<JobPayloads['translation.autotranslate']> {
    const mode = body.mode ?? 'suggest';
    // Weblate offers the approved mode only to those who may approve strings.
    if (mode === 'approved' && !allows(actor.permissions, AUTOTRANSLATE_RULES.approve, permissionScope(context))) {
      throw ValidationError.field('mode', MESSAGES.choice({ value: mode }), 'invalid_choice');
    }
    const query = selectionQuery(body);
    compileSearch(query);
    const autoSource = body.auto_source ?? 'others';
    const engines = body.engines ?? [];
    if (autoSource === 'mt') {
      if (!engines.length) throw ValidationError.field('engines', 'Select at least one machine translation engine.', 'required');
      await this.machinery.assertEngines(context.component.project.id, engines);
    }
    return {
      translationId: context.translation.id,
      userId: actor.user.id,
      mode,
      query,
      autoSource,
      componentId: await this.sourceComponentId(context, body.component, actor),
      engines,
      threshold: body.threshold ?? DEFAULT_THRESHOLD,
    };
  }

  /** `component`: a component of the project (id, or its slug or path), which the caller can see and which has the same source language. */
  private async sourceComponentId(context: TranslationContext, value: unknown, actor: Actor): Promise<number | null> {
    if (value === undefined || value === null || value === '') return null;
    const project = context.component.project;
    let found: ComponentContext | null;
    if (Number.isInteger(value) || (typeof value === 'string' && /^\d+$/.test(value))) {
      found = Number(value) <= MAX_ID ? await this.components.findById(Number(value)) : null;
    } else if (typeof value === 'string') {
      // Weblate also names it project/component.
      const path = value.startsWith(`${project.slug}/`) ? value.slice(project.slug.length + 1) : value;
      found = await this.components.findByPath(project.slug, path);
    } else {
      throw ValidationError.field('component', MESSAGES.string);
    }
    if (!found || found.project.id !== project.id || !actor.permissions.canSee(componentScope(found))) {
      throw ValidationError.field('component', 'Component not found.', 'does_not_exist');
    }
    if (found.component.sourceLanguageId !== context.component.component.sourceLanguageId) {
      throw ValidationError.field('component', 'The component has a different source language.');
    }
    return found.component.id;
  }
}

/** What a finished run says: the job's completion message, or why it failed (the task executor's `error`). */
function outcome(result: unknown): string {
  const { details, error } = (result ?? {}) as { details?: string; error?: string };
  return details ?? `Automatic translation failed: ${error ?? 'unknown error'}`;
}
