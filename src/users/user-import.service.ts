import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MembershipService } from '../auth/membership.service';
import type { ImportedUser, SkippedUser, UserImportResult } from './user-import';
import { UsersRepository } from './users.repository';

/** `cli import-users` once the file is read: see user-import.ts for what an export holds. */
@Injectable()
export class UserImportService {
  constructor(
    private readonly users: UsersRepository,
    private readonly membership: MembershipService,
  ) {}

  /**
   * Creates the users not present yet, in one transaction; with `check`, only reports what it would do. An
   * entry is skipped when its username exists, or its email belongs to another account (case-insensitively,
   * as the unique index on lower(email) compares).
   */
  run(users: ImportedUser[], { check }: { check: boolean }): Promise<UserImportResult> {
    return this.users.transaction(async (manager) => {
      const { toCreate, skipped } = await this.plan(manager, users);
      if (check) return { created: toCreate.map((user) => user.username), skipped };
      const inserted = await this.users.insertImported(manager, toCreate);
      for (const { id } of inserted) await this.membership.joinDefaultGroups(id, manager);
      const insertedNames = new Set(inserted.map((row) => row.username));
      // A concurrent sign-up can take a username or address between the plan and the insert.
      const raced = toCreate.filter((user) => !insertedNames.has(user.username)).map((user) => ({ username: user.username, reason: 'already present' }));
      return { created: toCreate.filter((user) => insertedNames.has(user.username)).map((user) => user.username), skipped: [...skipped, ...raced] };
    });
  }

  private async plan(manager: EntityManager, users: ImportedUser[]): Promise<{ toCreate: ImportedUser[]; skipped: SkippedUser[] }> {
    const existing = await this.users.existingNamesAndEmails(
      manager,
      users.map((user) => user.username),
      users.map((user) => user.email.toLowerCase()).filter(Boolean),
    );
    const takenNames = new Set(existing.map((row) => row.username));
    const emailOwners = new Map(existing.filter((row) => row.email).map((row) => [row.email, row.username]));
    const toCreate: ImportedUser[] = [];
    const skipped: SkippedUser[] = [];
    for (const user of users) {
      const emailOwner = user.email ? emailOwners.get(user.email.toLowerCase()) : undefined;
      if (takenNames.has(user.username)) skipped.push({ username: user.username, reason: 'username already exists' });
      else if (emailOwner !== undefined) skipped.push({ username: user.username, reason: `email ${user.email} belongs to ${emailOwner}` });
      else toCreate.push(user);
    }
    return { toCreate, skipped };
  }
}
