import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProjectToken, UsersRepository } from './users.repository';

export type { ProjectToken };

/** Bot users: the accounts project-scoped keys act as (Weblate names them `bot-<project>-<name>`). */
@Injectable()
export class BotAccounts {
  constructor(private readonly users: UsersRepository) {}

  /** A new active bot under the first free username from `base` (`base`, `base-2`, …); returns its id. */
  async create(manager: EntityManager, base: string, fullName: string): Promise<number> {
    const taken = await this.users.usernamesStartingWith(manager, base);
    let username = base;
    for (let n = 2; taken.has(username); n++) username = `${base}-${n}`;
    const user = await this.users.insert(manager, { username, fullName, email: '', isSuperuser: false, isActive: true, isBot: true });
    return user.id;
  }

  /** The keys of a project, each with its bot. */
  projectTokens(projectId: number): Promise<ProjectToken[]> {
    return this.users.projectTokens(projectId);
  }

  /** A removed project's bots go with it. */
  removeAllOfProject(manager: EntityManager, projectId: number): Promise<void> {
    return this.users.deleteProjectBots(manager, projectId);
  }

  /** Removing the bot revokes its key with it. */
  removeProjectBot(projectId: number, userId: number): Promise<boolean> {
    return this.users.deleteProjectBot(projectId, userId);
  }
}
