import { Injectable } from '@nestjs/common';
import { regexFlagProblem } from '../checks';
import { FieldError, ValidationError } from '../core/errors/domain-error';
import { compileQuery, QuerySyntaxError } from '../units/search';
import type { AddonDefinition } from './addon-catalogue';
import { AddonsRepository, AddonTarget } from './addons.repository';

/**
 * The checks of a configuration that depend on where the add-on is installed, after its schema's (Weblate's add-on
 * forms offer the component's translations and the project's labels as choices): problems are 400s on
 * `configuration` naming the field, as the schema's are.
 */
@Injectable()
export class AddonReferences {
  constructor(private readonly addons: AddonsRepository) {}

  /** `where`: the component it is on, and the project it acts in (a component's own); both null site-wide. */
  async check(definition: AddonDefinition, configuration: Record<string, unknown>, where: AddonTarget): Promise<void> {
    const errors = [
      ...(await this.translationErrors(definition, configuration, where.componentId)),
      ...(await this.labelErrors(definition, configuration, where.projectId)),
      ...problems(definition.queryFields, configuration, queryProblem),
      ...problems(definition.flagFields, configuration, regexFlagProblem),
    ];
    if (errors.length) throw new ValidationError(errors);
  }

  private async translationErrors(definition: AddonDefinition, configuration: Record<string, unknown>, componentId: number | null): Promise<FieldError[]> {
    const fields = definition.translationFields ?? [];
    if (componentId === null || !fields.length) return [];
    const known = new Set(await this.addons.translationIdsIn(componentId, fields.map((field) => Number(configuration[field]))));
    return fields
      .filter((field) => !known.has(Number(configuration[field])))
      .map((field) => fieldError(field, 'Select a valid choice. That choice is not one of the available choices.'));
  }

  private async labelErrors(definition: AddonDefinition, configuration: Record<string, unknown>, projectId: number | null): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const field of definition.labelFields ?? []) {
      const names = (configuration[field] as string[] | undefined) ?? [];
      const known = new Set(projectId === null || !names.length ? [] : await this.addons.labelNamesIn(projectId, names));
      const unknown = names.find((name) => !known.has(name));
      if (unknown !== undefined) errors.push(fieldError(field, `Select a valid choice. ${unknown} is not one of the available choices.`));
    }
    return errors;
  }
}

function problems(fields: readonly string[] | undefined, configuration: Record<string, unknown>, problemOf: (value: string) => string | null): FieldError[] {
  return (fields ?? []).flatMap((field) => {
    const problem = problemOf(String(configuration[field] ?? ''));
    return problem ? [fieldError(field, problem)] : [];
  });
}

/** The unit search's own parser: what GET /api/units/?q= refuses, an add-on refuses too. */
function queryProblem(query: string): string | null {
  try {
    compileQuery(query);
    return null;
  } catch (error) {
    if (error instanceof QuerySyntaxError) return `Could not parse query string: ${error.message}`;
    throw error;
  }
}

function fieldError(field: string, message: string): FieldError {
  return { code: 'invalid', detail: `Error in ${field}: ${message}`, attr: 'configuration' };
}
