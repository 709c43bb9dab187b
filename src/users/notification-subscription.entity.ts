import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One notification a user subscribed to, at a scope (all, watched, a project, a component) and frequency. */
@Entity('notification_subscriptions')
export class NotificationSubscription {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  notification: string;

  @Column({ type: 'smallint' })
  scope: number;

  @Column({ type: 'smallint' })
  frequency: number;

  @Column({ type: 'integer', nullable: true })
  projectId: number | null;

  @Column({ type: 'integer', nullable: true })
  componentId: number | null;
}
