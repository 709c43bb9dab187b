import type { ConfigurationRefinement, ConfigurationSchema } from '../core/validation/configuration-schema';

/** What an engine is asked: source texts of one language pair (Weblate language codes). */
export interface TranslationRequest {
  projectId: number;
  sourceLanguage: string;
  targetLanguage: string;
  texts: readonly string[];
  /** The lowest quality the caller takes (1–100): engines that search by similarity need not look below it. */
  threshold: number;
}

/** An engine's proposal for one source text, with Weblate's quality score (0–100). */
export interface EngineTranslation {
  text: string;
  quality: number;
}

/** How an engine may reach its service. */
export interface EngineContext {
  timeoutMs: number;
  /**
   * Hold the service's URL and the address connected to to the URL policy: true for services a project
   * configured, false for the site's own (MT_SERVICES, set by the operator, may well be on a private network).
   */
  publicOnly: boolean;
}

/**
 * One machine translation service, under Weblate's machinery id, with its configuration's schema (Weblate's
 * settings form). `translate` answers the texts it has a proposal for; a service that fails throws EngineError.
 */
export interface MachineryEngine {
  readonly id: string;
  readonly name: string;
  readonly schema: ConfigurationSchema;
  /** Configuration fields naming a URL the server sends requests to: held to the repository URL policy. */
  readonly urlFields: readonly string[];
  readonly refine?: ConfigurationRefinement;
  translate(configuration: Record<string, unknown>, request: TranslationRequest, context: EngineContext): Promise<Map<string, EngineTranslation>>;
}

/** A service that could not translate: `message` says why, for the caller's record (never a secret). */
export class EngineError extends Error {}

/** Built-in engines take no configuration. */
export const NO_CONFIGURATION: ConfigurationSchema = { type: 'object', properties: {}, additionalProperties: false };
