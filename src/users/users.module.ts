import { Module } from '@nestjs/common';
import { AdminAccountsService } from './admin-accounts.service';
import { AuthenticationService } from './authentication.service';
import { UsersRepository } from './users.repository';

@Module({
  providers: [UsersRepository, AuthenticationService, AdminAccountsService],
  exports: [UsersRepository, AuthenticationService, AdminAccountsService],
})
export class UsersModule {}
