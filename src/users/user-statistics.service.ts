import { Injectable } from '@nestjs/common';
import { User } from './user.entity';
import { UserStatisticsResponse } from './user.serializer';
import { UsersRepository } from './users.repository';
import { Actor, UsersService } from './users.service';

type ActivityCounts = Omit<UserStatisticsResponse, 'languages'>;

/** `GET /api/users/<username>/statistics/`, visible to whoever may see the account. */
@Injectable()
export class UserStatisticsService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  async get(actor: Actor, username: string): Promise<UserStatisticsResponse> {
    const user = await this.users.findVisible(actor, username);
    const languages = await this.repository.countTranslatableLanguages(user.id, user.isSuperuser && user.isActive);
    return { ...this.countChangeLogActivity(user), languages };
  }

  /**
   * Weblate counts these from the user's entries in the change log (translations, suggestions, uploads,
   * comments). This server has no change log table yet, so nothing has been recorded and every count is
   * truly zero; the changes module will fill this method from its table.
   */
  private countChangeLogActivity(_user: User): ActivityCounts {
    return { translated: 0, suggested: 0, uploaded: 0, commented: 0 };
  }
}
