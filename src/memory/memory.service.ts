import { Injectable } from '@nestjs/common';
import { allows, demand } from '../auth/policy/object-rules';
import { projectScope } from '../auth/scopes';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { MemoryFilter, MemoryRepository, MemoryRow, MemoryViewer } from './memory.repository';
import { MEMORY_RULES } from './memory.rules';
import { MemoryResponse, serializeMemory } from './memory.serializer';

/**
 * The memory as the API shows it: a project's entries to whoever can see the project, site-wide ones to those
 * managing the memory; an entry the caller cannot see does not exist for them (404).
 */
@Injectable()
export class MemoryService {
  constructor(private readonly memory: MemoryRepository) {}

  async list(filter: MemoryFilter, permissions: UserPermissions, request: PageRequest): Promise<Page<MemoryResponse>> {
    const viewer: MemoryViewer = { visibility: permissions.projectVisibility(), seesSiteWide: allows(permissions, MEMORY_RULES.manageSiteWide) };
    const count = await this.memory.count(filter, viewer);
    return paginate(request, count, async (offset, limit) => (await this.memory.page(filter, viewer, offset, limit)).map(serializeMemory));
  }

  async get(id: number, permissions: UserPermissions): Promise<MemoryResponse> {
    return serializeMemory(await this.visibleEntry(id, permissions));
  }

  async remove(id: number, permissions: UserPermissions): Promise<void> {
    const entry = await this.visibleEntry(id, permissions);
    // A site-wide entry is visible only to those managing the memory, who may delete it.
    if (entry.projectId !== null) demand(permissions, MEMORY_RULES.delete, scopeOf(entry));
    await this.memory.remove(entry.id);
  }

  private async visibleEntry(id: number, permissions: UserPermissions): Promise<MemoryRow> {
    const entry = await this.memory.findById(id);
    const visible = entry && (entry.projectId === null ? allows(permissions, MEMORY_RULES.manageSiteWide) : permissions.canSee(scopeOf(entry)));
    if (!entry || !visible) throw new NotFoundError();
    return entry;
  }
}

function scopeOf(entry: MemoryRow) {
  return projectScope({ id: entry.projectId!, accessControl: entry.projectAccessControl! });
}
