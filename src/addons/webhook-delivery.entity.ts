import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One change sent (or being sent) by a webhook add-on: its history, readable by those who manage the add-on. */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  addonId: number;

  @Column()
  changeId: number;

  /** The Standard Webhooks `webhook-id`: the same for every attempt, so receivers can drop duplicates. */
  @Column({ type: 'varchar', length: 64 })
  webhookId: string;

  /** The JSON body, fixed when the change is enqueued so every attempt signs and sends the same bytes. */
  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The receiver's last HTTP status; null when it never answered. */
  @Column({ type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'text', default: '' })
  error: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created: Date;

  @Column({ type: 'timestamptz', nullable: true })
  delivered: Date | null;
}
