import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MembershipService } from '../auth/membership.service';
import { ChangesService } from '../changes/changes.service';
import { DomainError, NotFoundError, PermissionDeniedError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { AuthenticationService } from './authentication.service';
import { CreateUserDto } from './dto/create-user.dto';
import { ListUsersQuery } from './dto/list-users.query';
import { UpdateUserDto } from './dto/update-user.dto';
import { User } from './user.entity';
import { BasicUserResponse, serializeBasicUser, serializeUser, TokenResponse, UserResponse } from './user.serializer';
import { UserFields, UsersRepository } from './users.repository';
import type { Actor } from '../auth/policy/current-actor';
import { allows } from '../auth/policy/object-rules';
import { USER_RULES } from './user.rules';

/** The caller of a request: who they are, and what their groups allow. */
enum UserErrorCode {
  LastSuperuser = 'last-superuser',
  BuiltInUser = 'built-in-user',
  ProjectKeyHolder = 'project-key-holder',
}

const USER_ERROR_MESSAGES: Record<UserErrorCode, string> = {
  [UserErrorCode.LastSuperuser]: 'This is the last active superuser; make another user a superuser first.',
  [UserErrorCode.BuiltInUser]: 'The anonymous user is built in; it can not be renamed, changed, deleted or given a key.',
  [UserErrorCode.ProjectKeyHolder]: 'This account holds a project key; manage it through the tokens of its project.',
};

/** A change the account rules refuse, whoever asks. */
class UserRuleError extends DomainError {
  readonly status = 400;

  constructor(readonly code: UserErrorCode) {
    super(USER_ERROR_MESSAGES[code]);
  }
}

/** user.view or user.edit: the caller may see every account, as Weblate's full user list. */
function canSeeAllUsers(actor: Actor): boolean {
  return allows(actor.permissions, USER_RULES.seeAccounts);
}

export function isSelf(actor: Actor, user: User): boolean {
  return !actor.user.isAnonymous && actor.user.id === user.id;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly membership: MembershipService,
    private readonly authentication: AuthenticationService,
    private readonly changes: ChangesService,
  ) {}

  /**
   * Every account, in full, for user.view/user.edit holders; otherwise only the caller's own record, with the
   * basic fields (none for anonymous callers), as in Weblate.
   */
  async list(actor: Actor, query: ListUsersQuery, request: PageRequest, urls: UrlBuilder): Promise<Page<UserResponse | BasicUserResponse>> {
    const full = canSeeAllUsers(actor);
    const filter = { username: query.username, id: query.id, onlyId: full ? undefined : actor.user.id };
    const count = await this.users.countListed(filter);
    return paginate(request, count, async (offset, limit) => {
      const users = await this.users.pageListed(filter, offset, limit);
      return full ? await this.present(users, urls) : users.map(serializeBasicUser);
    });
  }

  /** Anyone's basic fields (id, username, full name); the full record with e-mail to the user and to user.view/user.edit holders. */
  async get(actor: Actor, username: string, urls: UrlBuilder): Promise<UserResponse | BasicUserResponse> {
    const user = await this.findVisible(actor, username);
    return isSelf(actor, user) || canSeeAllUsers(actor) ? this.presentOne(user, urls) : serializeBasicUser(user);
  }

  /** As in Weblate, anonymous callers see no account (their user list is empty), so every one is 404 to them. */
  async findVisible(actor: Actor, username: string): Promise<User> {
    if (actor.user.isAnonymous && !canSeeAllUsers(actor)) throw new NotFoundError();
    return this.findExisting(username);
  }

  async findExisting(username: string): Promise<User> {
    const user = await this.users.findByUsername(username);
    if (!user) throw new NotFoundError();
    return user;
  }

  async create(actor: Actor, dto: CreateUserDto, urls: UrlBuilder): Promise<UserResponse> {
    const fields: UserFields = {
      username: dto.username,
      fullName: dto.full_name,
      email: dto.email ?? '',
      isSuperuser: dto.is_superuser ?? false,
      isActive: dto.is_active ?? true,
      isBot: dto.is_bot ?? false,
    };
    if (fields.isSuperuser) assertSuperuser(actor, 'Only superusers can create superusers.');
    const user = await this.users.transaction(async (manager) => {
      await this.assertUnique(manager, fields, null);
      const created = await this.users.insert(manager, fields);
      await this.membership.joinDefaultGroups(created.id, manager);
      return created;
    });
    return this.presentOne(user, urls);
  }

  /** PUT and PATCH alike: PUT's body class requires username and full_name, PATCH's requires nothing. */
  async update(actor: Actor, username: string, dto: UpdateUserDto, urls: UrlBuilder): Promise<UserResponse> {
    const user = await this.findChangeable(actor, username);
    const changes = definedOnly<Partial<UserFields>>({
      username: dto.username,
      fullName: dto.full_name,
      email: dto.email,
      isSuperuser: dto.is_superuser,
      isActive: dto.is_active,
      isBot: dto.is_bot,
    });
    if (changes.isSuperuser !== undefined && changes.isSuperuser !== user.isSuperuser) {
      assertSuperuser(actor, 'Only superusers can grant or revoke superuser status.');
    }
    const saved = await this.users.transaction(async (manager) => {
      await this.assertUnique(manager, changes, user.id);
      if (user.isSuperuser && user.isActive && (changes.isSuperuser === false || changes.isActive === false)) {
        await this.assertAnotherSuperuser(manager, user.id);
      }
      return this.users.save(manager, Object.assign(user, changes));
    });
    return this.presentOne(saved, urls);
  }

  /**
   * Weblate's account removal: personal data, key, memberships and subscriptions go, the row stays inactive
   * so that what the user did keeps an author.
   */
  async erase(actor: Actor, username: string): Promise<void> {
    const user = await this.findChangeable(actor, username);
    const groupIds = await this.membership.groupIdsOf(user.id);
    await this.users.transaction(async (manager) => {
      if (user.isSuperuser && user.isActive) await this.assertAnotherSuperuser(manager, user.id);
      await this.users.erasePersonalData(manager, user.id);
      for (const groupId of groupIds) await this.membership.remove(user.id, groupId, manager);
    });
  }

  async joinGroup(actor: Actor, username: string, groupId: number, urls: UrlBuilder): Promise<UserResponse> {
    const user = await this.findMember(actor, username, groupId);
    await this.users.transaction(async (manager) => {
      await this.assertGroupExists(manager, groupId);
      await this.membership.add(user.id, groupId, manager);
    });
    return this.presentOne(user, urls);
  }

  async leaveGroup(actor: Actor, username: string, groupId: number, urls: UrlBuilder): Promise<UserResponse> {
    const user = await this.findMember(actor, username, groupId);
    await this.users.transaction(async (manager) => {
      await this.assertGroupExists(manager, groupId);
      await this.membership.remove(user.id, groupId, manager);
    });
    return this.presentOne(user, urls);
  }

  /**
   * The user whose membership of the group changes. Team administrators may change their team without
   * user.view, so for them the account is found by name; anyone else may not touch the membership (403).
   */
  private async findMember(actor: Actor, username: string, groupId: number): Promise<User> {
    if (!(await this.membership.canManage(actor.permissions, actor.user.id, groupId))) {
      throw new PermissionDeniedError('You can not manage the members of this team.');
    }
    const user = await this.users.findByUsername(username);
    if (!user) throw new NotFoundError();
    return user;
  }

  /**
   * A new personal key for the caller, or for anyone when a superuser asks; the previous key stops working.
   * A project-scoped key must not mint a personal key, which would escape its project.
   */
  async issueToken(actor: Actor, username: string): Promise<TokenResponse> {
    const user = await this.findExisting(username);
    if (actor.permissions.onlyProjectId !== null) throw new PermissionDeniedError('A project key can not issue personal keys.');
    if (!isSelf(actor, user)) assertSuperuser(actor, 'Only superusers can issue keys for other users.');
    if (user.isAnonymous) throw new UserRuleError(UserErrorCode.BuiltInUser);
    if (await this.users.holdsProjectKey(user.id)) throw new UserRuleError(UserErrorCode.ProjectKeyHolder);
    return { token: await this.authentication.issueKey(user.id) };
  }

  /** Account changes need user.edit (checked on the route); superuser accounts and the anonymous user need more. */
  private async findChangeable(actor: Actor, username: string): Promise<User> {
    const user = await this.findExisting(username);
    if (user.isAnonymous) throw new UserRuleError(UserErrorCode.BuiltInUser);
    if (user.isSuperuser) assertSuperuser(actor, 'Only superusers can change superuser accounts.');
    return user;
  }

  private async assertUnique(manager: EntityManager, fields: Partial<UserFields>, userId: number | null): Promise<void> {
    if (fields.username !== undefined && (await this.users.usernameTaken(manager, fields.username, userId))) {
      throw ValidationError.field('username', 'A user with that username already exists.', 'unique');
    }
    if (fields.email && (await this.users.emailTaken(manager, fields.email, userId))) {
      throw ValidationError.field('email', 'A user with this email address already exists.', 'unique');
    }
  }

  private async assertAnotherSuperuser(manager: EntityManager, userId: number): Promise<void> {
    const superuserIds = await this.users.lockActiveSuperuserIds(manager);
    if (!superuserIds.some((id) => id !== userId)) throw new UserRuleError(UserErrorCode.LastSuperuser);
  }

  private async assertGroupExists(manager: EntityManager, groupId: number): Promise<void> {
    if (!(await this.users.groupExists(manager, groupId))) {
      throw ValidationError.field('group_id', `Invalid pk "${groupId}" - object does not exist.`, 'does_not_exist');
    }
  }

  private async presentOne(user: User, urls: UrlBuilder): Promise<UserResponse> {
    const [response] = await this.present([user], urls);
    return response;
  }

  private async present(users: User[], urls: UrlBuilder): Promise<UserResponse[]> {
    const activity = await this.changes.countActivity(users.map((user) => user.id));
    return Promise.all(
      users.map(async (user) => serializeUser(user, { groupIds: await this.membership.groupIdsOf(user.id), activity: activity.get(user.id)! }, urls)),
    );
  }
}

function assertSuperuser(actor: Actor, detail: string): void {
  if (!actor.permissions.isSuperuser) throw new PermissionDeniedError(detail);
}

/** Drops the fields a PATCH left out, so they keep their stored values. */
function definedOnly<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}
