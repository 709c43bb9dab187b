import { Module } from '@nestjs/common';
import { REQUEST_AUTHENTICATOR } from '../core/http/request-context';
import { AdminAccountsService } from './admin-accounts.service';
import { AuthenticationService } from './authentication.service';
import { BotAccounts } from './bot-accounts';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { UserStatisticsService } from './user-statistics.service';
import { UsersController } from './users.controller';
import { UserImportService } from './user-import.service';
import { UserLookup } from './user-lookup';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController, NotificationsController],
  providers: [UsersRepository, BotAccounts, AuthenticationService, { provide: REQUEST_AUTHENTICATOR, useExisting: AuthenticationService }, AdminAccountsService, UsersService, UserStatisticsService, NotificationsService, UserImportService, UserLookup],
  exports: [BotAccounts, AuthenticationService, REQUEST_AUTHENTICATOR, AdminAccountsService, UsersService, UserImportService, UserLookup],
})
export class UsersModule {}
