import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, Not, SelectQueryBuilder } from 'typeorm';
import { Group } from '../auth/group.entity';
import { LanguageSelection } from '../auth/permissions.data';
import { ApiToken } from './api-token.entity';
import { NotificationSubscription } from './notification-subscription.entity';
import { ANONYMOUS_USERNAME, User } from './user.entity';
import type { ImportedUser } from './user-import';
import { retryingTransaction } from '../database/retrying-transaction';
import { queryPrepared } from '../database/prepared-statement';

/** The filters of the user list; `onlyId` narrows it to the caller's own record. */
export interface UserListFilter {
  username?: string;
  id?: number;
  onlyId?: number;
}

export type UserFields = Pick<User, 'username' | 'fullName' | 'email' | 'isSuperuser' | 'isActive' | 'isBot'>;

export type SubscriptionFields = Pick<NotificationSubscription, 'notification' | 'scope' | 'frequency'>;

/** A project-scoped key and the bot user it acts as. */
export interface ProjectToken {
  /** The bot user's id, which names the token in the API. */
  id: number;
  name: string;
  username: string;
  keyPrefix: string;
  expires: Date | null;
  created: Date;
  teamIds: number[];
}

/** Who holds an API key, what the key is limited to, and the access generation read with them. */
export interface TokenHolder {
  user: User;
  expires: Date | null;
  projectId: number | null;
  accessGeneration: string;
}

interface TokenHolderRow {
  id: number;
  username: string;
  full_name: string;
  email: string;
  is_superuser: boolean;
  is_active: boolean;
  is_bot: boolean;
  date_joined: Date;
  last_login: Date | null;
  expires: Date | null;
  project_id: number | null;
  access_generation: string;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findAnonymous(): Promise<User> {
    return this.dataSource.getRepository(User).findOneByOrFail({ username: ANONYMOUS_USERNAME });
  }

  findById(id: number): Promise<User | null> {
    return this.dataSource.getRepository(User).findOneBy({ id });
  }

  async idByEmail(email: string): Promise<number | null> {
    const [row]: { id: number }[] = await this.dataSource.query('SELECT id FROM users WHERE lower(email) = lower($1) ORDER BY id LIMIT 1', [email]);
    return row?.id ?? null;
  }

  findByUsername(username: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOneBy({ username });
  }

  /**
   * The key's holder with the key's limits, and the access generation (see the migration count-access-changes)
   * read in the same statement: one round trip per signed-in request, written by hand because it runs on every one.
   */
  async findTokenHolder(keyHash: string): Promise<TokenHolder | null> {
    const [row] = await queryPrepared<TokenHolderRow>(
      this.dataSource,
      'token-holder',
      `SELECT u.id, u.username, u.full_name, u.email, u.is_superuser, u.is_active, u.is_bot, u.date_joined, u.last_login,
         t.expires, t.project_id, (SELECT value FROM access_generation) AS access_generation
       FROM api_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.key_hash = $1`,
      [keyHash],
    );
    if (!row) return null;
    const user = Object.assign(new User(), {
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      email: row.email,
      isSuperuser: row.is_superuser,
      isActive: row.is_active,
      isBot: row.is_bot,
      dateJoined: row.date_joined,
      lastLogin: row.last_login,
    });
    return { user, expires: row.expires, projectId: row.project_id, accessGeneration: row.access_generation };
  }

  /** Replaces the user's key in one statement, so the old key stops working the moment the new one exists. */
  async replaceToken(
    manager: EntityManager,
    userId: number,
    token: { keyHash: string; keyPrefix: string; expires: Date | null; projectId: number | null; name: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO api_tokens (user_id, key_hash, key_prefix, expires, project_id, name) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET key_hash = EXCLUDED.key_hash, key_prefix = EXCLUDED.key_prefix,
         expires = EXCLUDED.expires, project_id = EXCLUDED.project_id, name = EXCLUDED.name, created = now()`,
      [userId, token.keyHash, token.keyPrefix, token.expires, token.projectId, token.name],
    );
  }

  /** Bot accounts behind project-scoped keys hold a key with a project; a personal key would replace it. */
  async holdsProjectKey(userId: number): Promise<boolean> {
    return this.dataSource.getRepository(ApiToken).exists({ where: { userId, projectId: Not(IsNull()) } });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
  }

  /** The built-in anonymous user is how requests without credentials run, not an account, so lists leave it out. */
  private listed(filter: UserListFilter): SelectQueryBuilder<User> {
    const query = this.dataSource.getRepository(User).createQueryBuilder('user').where('user.username <> :anonymous', { anonymous: ANONYMOUS_USERNAME });
    if (filter.username !== undefined) query.andWhere('user.username = :username', { username: filter.username });
    if (filter.id !== undefined) query.andWhere('user.id = :id', { id: filter.id });
    if (filter.onlyId !== undefined) query.andWhere('user.id = :onlyId', { onlyId: filter.onlyId });
    return query;
  }

  countListed(filter: UserListFilter): Promise<number> {
    return this.listed(filter).getCount();
  }

  pageListed(filter: UserListFilter, offset: number, limit: number): Promise<User[]> {
    return this.listed(filter).orderBy('user.id').offset(offset).limit(limit).getMany();
  }

  async usernameTaken(manager: EntityManager, username: string, exceptId: number | null): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE username = $1 AND id IS DISTINCT FROM $2', [username, exceptId]);
    return rows.length > 0;
  }

  /** Case-insensitive, as the users_email_unique index is. */
  async emailTaken(manager: EntityManager, email: string, exceptId: number | null): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2', [email, exceptId]);
    return rows.length > 0;
  }

  insert(manager: EntityManager, fields: UserFields): Promise<User> {
    const users = manager.getRepository(User);
    return users.save(users.create({ ...fields, lastLogin: null }));
  }

  async usernamesStartingWith(manager: EntityManager, prefix: string): Promise<Set<string>> {
    const rows: { username: string }[] = await manager.query("SELECT username FROM users WHERE username LIKE $1 || '%'", [prefix.replace(/[\\%_]/g, '\\$&')]);
    return new Set(rows.map((row) => row.username));
  }

  /** Deletes a bot user holding a key of the project (and so the key); false when there is none with that id. */
  async deleteProjectBot(projectId: number, userId: number): Promise<boolean> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .delete()
      .from(User)
      .where('id = :userId AND is_bot AND id IN (SELECT user_id FROM api_tokens WHERE project_id = :projectId)', { userId, projectId })
      .execute();
    return Boolean(affected);
  }

  /** Every bot of the project's keys; their keys go with them. */
  async deleteProjectBots(manager: EntityManager, projectId: number): Promise<void> {
    await manager.query('DELETE FROM users WHERE is_bot AND id IN (SELECT user_id FROM api_tokens WHERE project_id = $1)', [projectId]);
  }

  /** The project's keys with their bot users and the teams those are in, oldest first. */
  projectTokens(projectId: number): Promise<ProjectToken[]> {
    return this.dataSource.query(
      `SELECT u.id, t.name, u.username, t.key_prefix AS "keyPrefix", t.expires, t.created,
         ARRAY(SELECT group_id FROM user_groups ug WHERE ug.user_id = u.id ORDER BY group_id) AS "teamIds"
       FROM api_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.project_id = $1 ORDER BY t.created, u.id`,
      [projectId],
    );
  }

  /** Accounts holding any of the usernames, or any of the addresses (compared in lower case, as the unique index does). */
  existingNamesAndEmails(manager: EntityManager, usernames: string[], emails: string[]): Promise<{ username: string; email: string }[]> {
    return manager.query(
      `SELECT username, lower(email) AS email FROM users
       WHERE username = ANY($1::text[]) OR (email <> '' AND lower(email) = ANY($2::text[]))`,
      [usernames, emails],
    );
  }

  /** One statement for all; rows that hit a unique username or email are left out rather than failing the import. */
  insertImported(manager: EntityManager, users: ImportedUser[]): Promise<{ id: number; username: string }[]> {
    return manager.query(
      `INSERT INTO users (username, full_name, email, is_active, is_superuser, date_joined)
       SELECT u.username, u.full_name, u.email, u.is_active, u.is_superuser, coalesce(u.date_joined, now())
       FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::boolean[], $6::timestamptz[])
         AS u(username, full_name, email, is_active, is_superuser, date_joined)
       ON CONFLICT DO NOTHING
       RETURNING id, username`,
      [
        users.map((user) => user.username),
        users.map((user) => user.fullName),
        users.map((user) => user.email),
        users.map((user) => user.isActive),
        users.map((user) => user.isSuperuser),
        users.map((user) => user.dateJoined?.toISOString() ?? null),
      ],
    );
  }

  save(manager: EntityManager, user: Partial<User>): Promise<User> {
    return manager.getRepository(User).save(user);
  }

  /**
   * Locks the active superusers until the transaction ends, so two requests cannot each remove "another"
   * superuser and leave none.
   */
  async lockActiveSuperuserIds(manager: EntityManager): Promise<number[]> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM users WHERE is_superuser AND is_active ORDER BY id FOR UPDATE');
    return rows.map((row) => row.id);
  }

  /** Weblate's account removal: the row stays (changes keep pointing at it) but says nothing about the person. */
  async erasePersonalData(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `UPDATE users SET username = 'deleted-' || id, full_name = 'Deleted User', email = '', password_hash = NULL,
         is_active = false, is_superuser = false
       WHERE id = $1`,
      [userId],
    );
    await manager.query('DELETE FROM api_tokens WHERE user_id = $1', [userId]);
    await manager.query('DELETE FROM notification_subscriptions WHERE user_id = $1', [userId]);
  }

  groupExists(manager: EntityManager, groupId: number): Promise<boolean> {
    return manager.getRepository(Group).existsBy({ id: groupId });
  }

  /**
   * Languages the user may translate: those of the groups whose roles grant unit.edit, or every language when
   * one such group (or superuser status) covers all languages.
   */
  async countTranslatableLanguages(userId: number, allLanguages: boolean): Promise<number> {
    const rows: { languages: number }[] = await this.dataSource.query(
      `WITH translating AS (
         SELECT g.id, g.language_selection FROM user_groups ug JOIN groups g ON g.id = ug.group_id
         WHERE ug.user_id = $1 AND EXISTS (
           SELECT 1 FROM group_roles gr JOIN roles r ON r.id = gr.role_id WHERE gr.group_id = g.id AND 'unit.edit' = ANY (r.permissions)))
       SELECT CASE WHEN $2 OR EXISTS (SELECT 1 FROM translating WHERE language_selection = $3)
         THEN (SELECT count(*) FROM languages)
         ELSE (SELECT count(DISTINCT gl.language_id) FROM group_languages gl JOIN translating t ON t.id = gl.group_id)
       END::int AS languages`,
      [userId, allLanguages, LanguageSelection.All],
    );
    return rows[0].languages;
  }

  countSubscriptions(userId: number): Promise<number> {
    return this.dataSource.getRepository(NotificationSubscription).countBy({ userId });
  }

  pageSubscriptions(userId: number, offset: number, limit: number): Promise<NotificationSubscription[]> {
    return this.dataSource.getRepository(NotificationSubscription).find({ where: { userId }, order: { id: 'ASC' }, skip: offset, take: limit });
  }

  findSubscription(userId: number, id: number): Promise<NotificationSubscription | null> {
    return this.dataSource.getRepository(NotificationSubscription).findOneBy({ userId, id });
  }

  /** Mirrors notification_subscriptions_unique for the site-wide scopes (no project or component). */
  async subscriptionTaken(manager: EntityManager, userId: number, fields: SubscriptionFields, exceptId: number | null): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM notification_subscriptions
       WHERE user_id = $1 AND notification = $2 AND scope = $3 AND project_id IS NULL AND component_id IS NULL AND id IS DISTINCT FROM $4`,
      [userId, fields.notification, fields.scope, exceptId],
    );
    return rows.length > 0;
  }

  saveSubscription(manager: EntityManager, subscription: NotificationSubscription): Promise<NotificationSubscription> {
    return manager.getRepository(NotificationSubscription).save(subscription);
  }

  async deleteSubscription(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(NotificationSubscription).delete({ id });
  }
}
