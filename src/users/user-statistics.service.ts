import { Injectable } from '@nestjs/common';
import { ChangesService } from '../changes/changes.service';
import { UserStatisticsResponse } from './user.serializer';
import { UsersRepository } from './users.repository';
import type { Actor } from '../auth/policy/current-actor';
import { UsersService } from './users.service';

/** `GET /api/users/<username>/statistics/`, visible to whoever may see the account. */
@Injectable()
export class UserStatisticsService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
    private readonly changes: ChangesService,
  ) {}

  async get(actor: Actor, username: string): Promise<UserStatisticsResponse> {
    const user = await this.users.findVisible(actor, username);
    const languages = await this.repository.countTranslatableLanguages(user.id, user.isSuperuser && user.isActive);
    // Weblate keeps these as counters on the profile; here they are counted from the user's change log entries.
    const activity: Omit<UserStatisticsResponse, 'languages'> = (await this.changes.countActivity([user.id])).get(user.id)!;
    return { ...activity, languages };
  }
}
