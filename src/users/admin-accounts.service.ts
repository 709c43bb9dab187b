import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MembershipService } from '../auth/membership.service';
import { ValidationError } from '../core/errors/domain-error';
import { AuthenticationService } from './authentication.service';
import { hashPassword } from './password';
import { ANONYMOUS_USERNAME, User } from './user.entity';

export interface AdminAccount {
  username: string;
  email: string;
  password?: string;
}

/** Creates or updates superusers from the command line (`cli createadmin`). */
@Injectable()
export class AdminAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
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
    const { user, created } = await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(User);
      const existing = await users.findOneBy({ username: account.username });
      const saved = await users.save({
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
