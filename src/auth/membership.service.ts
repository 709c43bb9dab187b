import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccessRepository } from './access.repository';
import { MEMBERSHIP_RULES } from './membership.rules';
import { allows } from './policy/object-rules';
import { UserPermissions } from './user-permissions';

/** Who is in which group, and the teams projects get. */
@Injectable()
export class MembershipService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: AccessRepository,
  ) {}

  /** New accounts join the default site-wide groups, as Weblate's automatic group rules do. */
  joinDefaultGroups(userId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return this.access.joinDefaultGroups(manager, userId);
  }

  add(userId: number, groupId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return this.access.addMember(manager, userId, groupId);
  }

  remove(userId: number, groupId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return this.access.removeMember(manager, userId, groupId);
  }

  /** Group and user managers may change any membership; a team's administrators that of their own team. */
  async canManage(permissions: UserPermissions, userId: number, groupId: number): Promise<boolean> {
    if (allows(permissions, MEMBERSHIP_RULES.manageAnyMembership)) return true;
    return this.access.isGroupAdmin(groupId, userId);
  }

  groupIdsOf(userId: number): Promise<number[]> {
    return this.access.groupIdsOf(userId);
  }

  /** Of the ids given, those naming teams of the project. */
  teamsOfProject(manager: EntityManager, projectId: number, ids: number[]): Promise<number[]> {
    return this.access.teamsOfProject(manager, projectId, ids);
  }

  /** The per-project teams of a project whose access Weblate manages (any access control but custom). */
  createProjectTeams(manager: EntityManager, projectId: number): Promise<Map<string, number>> {
    return this.access.createProjectTeams(manager, projectId);
  }
}
