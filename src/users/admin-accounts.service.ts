import { Injectable } from '@nestjs/common';
import { MembershipService } from '../auth/membership.service';
import { ValidationError } from '../core/errors/domain-error';
import { AuthenticationService } from './authentication.service';
import { hashPassword } from './password';
import { ANONYMOUS_USERNAME, User } from './user.entity';
import { UsersRepository } from './users.repository';

export interface AdminAccount {
  username: string;
  email: string;
  password?: string;
}

/** Creates or updates superusers from the command line (`cli createadmin`). */
@Injectable()
export class AdminAccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly authentication: AuthenticationService,
    private readonly membership: MembershipService,
  ) {}

  /** Returns whether the user was created, and a newly issued API key (the old one stops working). */
  async createOrUpdate(account: AdminAccount): Promise<{ created: boolean; user: User; key: string }> {
    if (!/^[\w.@+-]{1,150}$/.test(account.username) || account.username === ANONYMOUS_USERNAME) {
      throw ValidationError.field('username', 'Enter a valid username: letters, digits and @.+-_ only.');
    }
    if (!/^[^\s@]+@[^\s@]+$/.test(account.email)) throw ValidationError.field('email', 'Enter a valid email address.');
    const passwordHash = account.password ? await hashPassword(account.password) : undefined;
    const { user, created } = await this.users.transaction(async (manager) => {
      const existing = await this.users.findByUsername(account.username, manager);
      const saved = await this.users.save(manager, {
        ...(existing ?? { username: account.username, fullName: account.username }),
        email: account.email,
        isSuperuser: true,
        isActive: true,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!existing) await this.membership.joinDefaultGroups(saved.id, manager);
      return { user: saved, created: !existing };
    });
    return { created, user, key: await this.authentication.issueKey(user.id) };
  }
}
