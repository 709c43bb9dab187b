import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { withoutStatementTimeout } from '../database/statement-timeout';
import { EventOutboxRepository } from './event-outbox.repository';
import { ChangeEvent, EventName, eventsOf } from './events';
import { withSavepoint } from '../database/savepoint';

/**
 * A consumer's handler. It runs inside the transaction that advances the consumer's cursor, so what it writes
 * through `manager` commits exactly when the event counts as delivered; side effects elsewhere (a webhook, an
 * e-mail) must tolerate seeing an event twice, which happens when the process stops between the two.
 */
type EventHandler = (event: ChangeEvent, name: EventName, manager: EntityManager) => Promise<void>;

export interface Subscription {
  /** Stable and unique: the consumer's cursor is stored under it. */
  consumer: string;
  events: readonly EventName[];
  handle: EventHandler;
  /**
   * Which of a batch's events the consumer has something to do for (all, when left out): asked once per batch, so a
   * consumer can look up at once what it decides by (the add-ons installed where the events happened) instead of
   * per event. The others are passed over with no savepoint: an upload of 100 000 strings is as many changes.
   */
  relevant?(events: readonly ChangeEvent[], manager: EntityManager): Promise<(event: ChangeEvent, name: EventName) => boolean>;
  /**
   * Handles a batch's events at once, in order, where the consumer can do it set-based (one statement for 200 saved
   * strings instead of 200), under one savepoint. Should it fail, the batch is delivered again one event at a time
   * (`handle`), so the failing event is found and the ones before it stay delivered.
   */
  handleMany?(deliveries: readonly Delivery[], manager: EntityManager): Promise<void>;
}

/** An event as a consumer gets it, under one of the names it subscribed to. */
export interface Delivery {
  event: ChangeEvent;
  name: EventName;
}

/** Events read per transaction; a consumer behind by more catches up in several. */
const BATCH = 200;
/**
 * A batch's transaction ends after this long even with events left: while it runs, every change committed after it
 * began waits behind it for every consumer (the outbox's horizon), so one slow handler must not hold them for long.
 */
const BATCH_TIME_MS = 1_000;
/** A change whose handler keeps failing is passed over after this many attempts (logged with its error). */
const MAX_ATTEMPTS = 5;

/**
 * Subscriptions and delivery. Publishing is recording a change (ChangesService), inside the transaction of what it
 * describes; delivery reads the committed changes after each consumer's cursor (EventOutboxRepository), at least
 * once and in commit-safe order, whichever process runs it: a consumer's cursor row is locked while it is served.
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger('events');
  private readonly subscriptions = new Map<string, Subscription>();
  /** Set when the process stops: deliveries end after their current batch (the rest waits for the next process). */
  private stopping = false;

  constructor(private readonly outbox: EventOutboxRepository) {}

  /** Registers a consumer; a new one is told of what commits from now on, a known one resumes at its cursor. */
  async subscribe(subscription: Subscription): Promise<void> {
    if (this.subscriptions.has(subscription.consumer)) throw new Error(`event consumer ${subscription.consumer} is already subscribed`);
    this.subscriptions.set(subscription.consumer, subscription);
    await this.outbox.createCursor(subscription.consumer);
  }

  /** A backlog of 100k changes takes minutes: a stopping process hands what is left to the next one. */
  stop(): void {
    this.stopping = true;
  }

  consumers(): string[] {
    return [...this.subscriptions.keys()];
  }

  /**
   * Delivers the consumer's pending events, a batch per transaction, until none is left or a handler fails (its
   * event is delivered again next time). `wait`: wait for another process serving the same consumer instead of
   * leaving the work to it (tests, shutdown).
   */
  async deliver(consumer: string, { wait = false } = {}): Promise<'delivered' | 'failed'> {
    const subscription = this.subscriptions.get(consumer);
    if (!subscription) return 'delivered';
    // Background work, wherever it runs: handlers are not bound by the requests' statement timeout.
    return withoutStatementTimeout(async () => {
      for (;;) {
        const { failed, more } = await this.deliverBatch(subscription, wait);
        if (failed) return 'failed';
        if (!more || this.stopping) return 'delivered';
      }
    });
  }

  /**
   * Delivers to every consumer what had committed when called, waiting for other processes serving them and for
   * older transactions still running to end (their changes may come first): what tests call after an action.
   */
  async deliverAll(timeoutMs = 30_000): Promise<void> {
    const newest = await this.outbox.newestChangeId();
    const deadline = Date.now() + timeoutMs;
    for (const consumer of this.consumers()) {
      // A consumer whose handler fails is left to its next delivery.
      let outcome = await this.deliver(consumer, { wait: true });
      while (outcome === 'delivered' && (await this.outbox.hasPending(consumer, newest)) && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 50));
        outcome = await this.deliver(consumer, { wait: true });
      }
    }
  }

  /** One transaction: lock the cursor, hand each event over, advance. `more`: events may be left for another batch. */
  private deliverBatch(subscription: Subscription, wait: boolean): Promise<{ failed: boolean; more: boolean }> {
    const { consumer } = subscription;
    const deadline = Date.now() + BATCH_TIME_MS;
    return this.outbox.transaction(async (manager) => {
      const cursor = await this.outbox.lockCursor(manager, consumer, !wait);
      if (!cursor) return { failed: false, more: false };
      const entries = await this.outbox.readAfter(manager, cursor, BATCH);
      const relevant = subscription.relevant ? await subscription.relevant(entries.map((entry) => entry.event), manager) : () => true;
      const namesOf = (event: ChangeEvent) => eventsOf(event.action).filter((name) => subscription.events.includes(name) && relevant(event, name));
      if (subscription.handleMany && cursor.failedAttempts === 0 && entries.length) {
        const deliveries = entries.flatMap(({ event }) => namesOf(event).map((name) => ({ event, name })));
        try {
          if (deliveries.length) await withSavepoint(manager, 'event_delivery', () => subscription.handleMany!(deliveries, manager));
          const last = entries[entries.length - 1];
          await this.outbox.advance(manager, consumer, last.xactId, last.event.changeId);
          return { failed: false, more: entries.length === BATCH };
        } catch (error) {
          this.logger.warn({ consumer, err: error }, 'a batch of events failed; delivering them one at a time');
        }
      }
      // The cursor moves past the events delivered once, as the batch ends: they commit together with it either way.
      let delivered: { xactId: string; changeId: number } | null = null;
      const advance = async () => delivered && this.outbox.advance(manager, consumer, delivered.xactId, delivered.changeId);
      for (const [index, { xactId, event }] of entries.entries()) {
        if (index > 0 && Date.now() > deadline) {
          await advance();
          return { failed: false, more: true };
        }
        const names = namesOf(event);
        if (index === 0 && cursor.failedAttempts >= MAX_ATTEMPTS) {
          this.logger.error({ consumer, changeId: event.changeId }, `event passed over after ${MAX_ATTEMPTS} failed attempts`);
        } else if (names.length) {
          // A failing handler's writes are undone; the events before it stay delivered.
          try {
            await withSavepoint(manager, 'event_delivery', async () => {
              for (const name of names) await subscription.handle(event, name, manager);
            });
          } catch (error) {
            this.logger.warn({ consumer, changeId: event.changeId, err: error }, 'event consumer failed; the event will be delivered again');
            await advance();
            await this.outbox.recordFailure(manager, consumer, error instanceof Error ? error.message : String(error));
            return { failed: true, more: true };
          }
        }
        delivered = { xactId, changeId: event.changeId };
      }
      await advance();
      return { failed: false, more: entries.length === BATCH };
    });
  }
}
