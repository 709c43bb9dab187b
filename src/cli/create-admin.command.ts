import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner, Option } from 'nest-commander';
import { DataSource } from 'typeorm';
import { AdminAccountsService } from '../users/admin-accounts.service';
import { connect } from './connect';

interface CreateAdminOptions {
  username?: string;
  email?: string;
  password?: string;
}

@Command({
  name: 'createadmin',
  description: 'create or update a superuser; prints a new API key for it on the last line (any older key stops working)',
})
export class CreateAdminCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AdminAccountsService,
  ) {
    super();
  }

  async run(_args: string[], options: CreateAdminOptions): Promise<void> {
    if (!options.username || !options.email) throw new Error('createadmin needs --username and --email');
    await connect(this.dataSource);
    const { created, user, key } = await this.accounts.createOrUpdate({ username: options.username, email: options.email, password: options.password });
    process.stdout.write(`${created ? 'created' : 'updated'} superuser ${user.username}\n${key}\n`);
  }

  @Option({ flags: '--username <username>', description: 'login name' })
  parseUsername(value: string): string {
    return value;
  }

  @Option({ flags: '--email <email>', description: 'e-mail address' })
  parseEmail(value: string): string {
    return value;
  }

  @Option({ flags: '--password <password>', description: 'password for signing in (optional; the API uses the key)' })
  parsePassword(value: string): string {
    return value;
  }
}
