import { Injectable } from '@nestjs/common';
import { Actor } from '../auth/policy/current-actor';
import { allows, demand } from '../auth/policy/object-rules';
import { projectScope } from '../auth/scopes';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { writeTmx } from '../formats';
import type { Project } from '../projects/project.entity';
import { ProjectLookup } from '../projects/project-lookup';
import { ImportMemoryDto } from './dto/import-memory.dto';
import { MemoryScope } from './memory-import.repository';
import { MemoryLookup } from './memory-lookup';
import { MemoryExportRow, MemoryFilter, MemoryRepository, MemoryRow, MemoryViewer } from './memory.repository';
import { MEMORY_RULES } from './memory.rules';
import { MemoryDownload, MemoryLookupResult, MemoryResponse, serializeMemory, serializeMemoryExport } from './memory.serializer';

/**
 * The memory as the API shows it: a project's entries to whoever can see the project, a personal entry to its
 * owner, other site-wide ones to those managing the memory; an entry the caller cannot see does not exist for them
 * (404). Lookups draw on the scopes Weblate's do.
 */
@Injectable()
export class MemoryService {
  constructor(
    private readonly memory: MemoryRepository,
    private readonly lookups: MemoryLookup,
    private readonly projects: ProjectLookup,
  ) {}

  async list(filter: MemoryFilter, actor: Actor, request: PageRequest): Promise<Page<MemoryResponse>> {
    const viewer = viewerOf(actor);
    const count = await this.memory.count(filter, viewer);
    return paginate(request, count, async (offset, limit) => (await this.memory.page(filter, viewer, offset, limit)).map(serializeMemory));
  }

  /** Everything `list` would show, unpaginated, as TMX or as Weblate's memory JSON. */
  async download(filter: MemoryFilter, actor: Actor, format: 'json' | 'tmx'): Promise<MemoryDownload> {
    const entries = await this.memory.entries(filter, viewerOf(actor));
    if (format === 'tmx') {
      return { contentType: 'application/x-tmx', extension: 'tmx', data: writeTmx(entries.map(tmxPair), entries[0]?.sourceLanguage ?? 'en') };
    }
    return { contentType: 'application/json', extension: 'json', data: Buffer.from(JSON.stringify(entries.map(serializeMemoryExport))) };
  }

  /** `POST /api/memory/lookup/`: a project the caller cannot see is a 404, as everywhere. */
  async lookup(request: { sourceLanguage: string; targetLanguage: string; strings: string[]; project?: string; exact: boolean }, actor: Actor): Promise<MemoryLookupResult[]> {
    const projectId = request.project === undefined ? null : (await this.visibleProject(request.project, actor.permissions)).id;
    const matches = await this.lookups.matches({
      sourceLanguage: request.sourceLanguage,
      targetLanguage: request.targetLanguage,
      texts: request.strings,
      projectId,
      userId: actor.user.id,
      exact: request.exact,
    });
    return request.strings.map((query, index) => ({ query, match: matches[index] }));
  }

  async get(id: number, actor: Actor): Promise<MemoryResponse> {
    return serializeMemory(await this.visibleEntry(id, actor));
  }

  async remove(id: number, actor: Actor): Promise<void> {
    const entry = await this.visibleEntry(id, actor);
    // Entries without a project are visible only to their owner and to those managing the memory: both may delete.
    if (entry.projectId !== null) demand(actor.permissions, MEMORY_RULES.delete, scopeOf(entry));
    await this.memory.remove(entry.id);
  }

  /**
   * Where an import goes, and whether the caller may write there: their own memory (anyone signed in, as Weblate
   * lets users edit their own memory), a project's (memory.edit there) or the site's (memory.manage).
   */
  async importScope(fields: ImportMemoryDto, actor: Actor): Promise<MemoryScope> {
    const scope = fields.scope ?? (fields.project !== undefined ? 'project' : 'personal');
    if (scope === 'project') {
      const project = await this.visibleProject(fields.project!, actor.permissions);
      demand(actor.permissions, MEMORY_RULES.edit, projectScope(project));
      return { projectId: project.id };
    }
    if (fields.project !== undefined) throw ValidationError.field('project', `The ${scope} scope takes no project.`);
    if (scope === 'site') {
      demand(actor.permissions, MEMORY_RULES.manageSiteWide);
      return {};
    }
    return { userId: actor.user.id };
  }

  private async visibleProject(slug: string, permissions: UserPermissions): Promise<Project> {
    const project = await this.projects.findBySlug(slug);
    if (!project || !permissions.canSee(projectScope(project))) throw new NotFoundError();
    return project;
  }

  private async visibleEntry(id: number, actor: Actor): Promise<MemoryRow> {
    const entry = await this.memory.findById(id);
    if (!entry || !canSee(entry, actor)) throw new NotFoundError();
    return entry;
  }
}

function viewerOf(actor: Actor): MemoryViewer {
  return { visibility: actor.permissions.projectVisibility(), userId: actor.user.id, seesSiteWide: allows(actor.permissions, MEMORY_RULES.manageSiteWide) };
}

function canSee(entry: MemoryRow, actor: Actor): boolean {
  if (entry.projectId !== null) return actor.permissions.canSee(scopeOf(entry));
  return entry.userId === actor.user.id || allows(actor.permissions, MEMORY_RULES.manageSiteWide);
}

function scopeOf(entry: MemoryRow) {
  return projectScope({ id: entry.projectId!, accessControl: entry.projectAccessControl! });
}

function tmxPair(entry: MemoryExportRow) {
  return { source: entry.source, target: entry.target, sourceLanguage: entry.sourceLanguage, targetLanguage: entry.targetLanguage };
}
