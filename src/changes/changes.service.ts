import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { ChangeFilters } from './change-filters';
import { ChangeResponse, serializeChange } from './change.serializer';
import { ActivityCounts, ChangeRecord, ChangeRow, ChangeScope, ChangesRepository, FileContributor } from './changes.repository';
import type { FollowingWrite } from '../database/chained-write';

export type { ActivityCounts, ChangeRecord, ChangeRow, ChangeScope, FileContributor } from './changes.repository';

/** Rows per INSERT: about 11 arrays of this length stay well within one statement's comfortable size. */
const BATCH_SIZE = 5000;

/**
 * The change log: other modules record into it inside their own transactions (so a change exists exactly
 * when what it describes does), and the API lists it.
 */
@Injectable()
export class ChangesService {
  constructor(private readonly changes: ChangesRepository) {}

  record(manager: EntityManager, change: ChangeRecord): Promise<void> {
    return this.changes.insert(manager, [change]);
  }

  /** Records a component's change unless its log already says the same, for conditions each scan finds again. */
  async recordOnce(manager: EntityManager, change: ChangeRecord & { componentId: number; target: string }): Promise<void> {
    if (!(await this.changes.exists(manager, change.componentId, change.action, change.target))) await this.record(manager, change);
  }

  /** Which of the components have in their log this action with details containing `details` (who made them, …). */
  componentsWith(componentIds: readonly number[], action: number, details: Record<string, unknown>): Promise<Set<number>> {
    return this.changes.componentsWith(componentIds, action, details);
  }

  /** The records, made only when the write they are chained after wrote (`writeChained`): its change log in the same statement. */
  recordAfterWrite(changes: readonly ChangeRecord[]): FollowingWrite {
    return this.changes.insertAfterWrite(changes);
  }

  /** Bulk insert, one statement per batch, for uploads and scans that touch 100k strings. */
  async recordMany(manager: EntityManager, changes: readonly ChangeRecord[]): Promise<void> {
    for (let start = 0; start < changes.length; start += BATCH_SIZE) {
      await this.changes.insert(manager, changes.slice(start, start + BATCH_SIZE));
    }
  }

  /** Changes for the rows a write returned (an upload's writes, `applyWrites`), recorded set-based in the same statement. */
  recordWritten(template: ChangeRecord): FollowingWrite {
    return this.changes.insertWritten(template);
  }

  /** The newest changes of the scope, for feeds. */
  latest(scope: ChangeScope, limit: number): Promise<ChangeRow[]> {
    return this.changes.page(scope, {}, 0, limit);
  }

  async list(scope: ChangeScope, filters: ChangeFilters, request: PageRequest, urls: UrlBuilder): Promise<Page<ChangeResponse>> {
    const count = await this.changes.count(scope, filters);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.changes.page(scope, filters, offset, limit);
      return rows.map((row) => serializeChange(row, urls));
    });
  }

  /** A change of a project the caller cannot see is as unknown as a missing one. */
  async get(id: number, permissions: UserPermissions, urls: UrlBuilder): Promise<ChangeResponse> {
    const change = await this.changes.findVisible(id, permissions);
    if (!change) throw new NotFoundError('No Change matches the given query.');
    return serializeChange(change, urls);
  }

  /** Who to credit in each of these translation files of the component (weblate.gettext.authors). */
  contributorsOfFiles(componentId: number, filenames: readonly string[]): Promise<FileContributor[]> {
    return this.changes.contributorsOfFiles(componentId, filenames);
  }

  countActivity(userIds: readonly number[]): Promise<Map<number, ActivityCounts>> {
    return this.changes.countActivity(userIds);
  }
}
