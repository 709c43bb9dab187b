import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { Mailer } from './mailer';
import { NotificationConsumer } from './notification-consumer';
import { NotificationEmailsRepository } from './notification-emails.repository';
import { NotificationSender } from './notification-sender';

/**
 * Notification e-mails: a consumer of the event backbone queues what subscriptions ask for, and processes that run
 * background work send it through SMTP_URL.
 */
@Module({})
export class NotificationsModule {
  static forRoot(options: { workers: boolean }): DynamicModule {
    const providers: Provider[] = [Mailer, NotificationEmailsRepository, NotificationConsumer, ...(options.workers ? [NotificationSender] : [])];
    return { module: NotificationsModule, imports: [AuthModule, UsersModule], providers };
  }
}
