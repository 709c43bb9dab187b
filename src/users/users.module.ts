import { Module } from '@nestjs/common';
import { AdminAccountsService } from './admin-accounts.service';
import { AuthenticationService } from './authentication.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { UserStatisticsService } from './user-statistics.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController, NotificationsController],
  providers: [UsersRepository, AuthenticationService, AdminAccountsService, UsersService, UserStatisticsService, NotificationsService],
  exports: [UsersRepository, AuthenticationService, AdminAccountsService, UsersService],
})
export class UsersModule {}
