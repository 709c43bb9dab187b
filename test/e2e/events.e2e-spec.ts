import { ChangeAction } from '../../src/changes/change-actions';
import { EventBus } from '../../src/events/event-bus';
import { ChangeEvent, EventName } from '../../src/events/events';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { createTestApp, TestApp } from '../support/test-app';

type Delivery = { name: EventName; event: ChangeEvent };

/** A consumer that keeps what it is told; `fail` makes its handler throw for the change ids it names. */
async function record(t: TestApp, consumer: string, events: EventName[], fail: (changeId: number) => boolean = () => false) {
  const deliveries: Delivery[] = [];
  await t.app.get(EventBus).subscribe({
    consumer,
    events,
    handle: async (event, name) => {
      if (fail(event.changeId)) throw new Error(`consumer refuses change ${event.changeId}`);
      deliveries.push({ name, event });
    },
  });
  return deliveries;
}

const lock = (t: TestApp, auth: string, project: string, locked = true) =>
  t.http().post(`/api/components/${project}/app/lock/`).set('Authorization', auth).send({ lock: locked }).expect(200);

describe('events', () => {
  describe('from the API', () => {
    const env = useGitTestEnv();

    it("delivers a unit edit's change as unit.post-save and change, once, after it committed", async () => {
      const { t, admin } = env;
      const saves = await record(t, 'test-unit-saves', ['unit.post-save']);
      const everything = await record(t, 'test-everything', ['change']);
      const { project } = await createGitComponent(env, 'edited', { 'po/cs.po': 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n' }, { filemask: 'po/*.po', file_format: 'po' });
      const [unit] = (await t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', admin.auth).expect(200)).body.results;
      await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Ahoj'], state: 20 }).expect(200);
      await t.deliverEvents();
      await t.deliverEvents();

      expect(saves).toEqual([{ name: 'unit.post-save', event: expect.objectContaining({ action: ChangeAction.New, unitId: unit.id, target: 'Ahoj', userId: admin.user.id }) }]);
      const logged = (await t.http().get(`/api/changes/?action=${ChangeAction.New}`).set('Authorization', admin.auth).expect(200)).body.results;
      expect(saves[0].event.changeId).toBe(logged[0].id);
      // The component's creation came first: every change is a `change` event, in the order it committed.
      expect(everything.map(({ event }) => event.action)).toEqual(expect.arrayContaining([ChangeAction.CreateComponent, ChangeAction.New]));
      expect(everything.findIndex(({ event }) => event.action === ChangeAction.CreateComponent)).toBeLessThan(everything.findIndex(({ event }) => event.action === ChangeAction.New));
      expect(new Set(everything.map(({ event }) => event.changeId)).size).toBe(everything.length);
    });
  });

  describe('in the background', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ EVENTS_POLL_MS: '100' });
    });

    afterAll(() => t.close());

    it('delivers without being asked, on the queue when REDIS_URL is set and in process otherwise', async () => {
      const admin = await createUser(t, { isSuperuser: true });
      const project = await createProject(t);
      await createComponent(t, project, { slug: 'app' });
      const deliveries = await record(t, 'test-background', ['change']);
      await lock(t, admin.auth, project.slug);
      for (let waited = 0; deliveries.length === 0 && waited < 10_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
      expect(deliveries.map(({ event }) => event.action)).toEqual([ChangeAction.Lock]);
    });
  });

  describe('delivery', () => {
    let t: TestApp;
    let admin: UserWithToken;

    beforeAll(async () => {
      t = await createTestApp({ EVENTS_POLL_MS: '0' });
      admin = await createUser(t, { isSuperuser: true });
    });

    afterAll(() => t.close());

    const insertChange = (runner: { query: (sql: string, parameters?: unknown[]) => Promise<unknown> }, target: string) =>
      runner.query('INSERT INTO changes (action, target) VALUES ($1, $2) RETURNING id', [ChangeAction.Announcement, target]) as Promise<{ id: number }[]>;

    it('tells a new consumer only of what commits after it subscribed', async () => {
      await insertChange(t.dataSource, 'before');
      const deliveries = await record(t, 'test-late', ['change']);
      await insertChange(t.dataSource, 'after');
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => event.target)).toEqual(['after']);
    });

    it('never lets a change that commits late fall behind the cursor', async () => {
      const deliveries = await record(t, 'test-order', ['change']);
      const slow = t.dataSource.createQueryRunner();
      await slow.startTransaction();
      try {
        const [early] = await insertChange(slow, 'written first, committed last');
        const [late] = await insertChange(t.dataSource, 'written last, committed first');
        expect(late.id).toBeGreaterThan(early.id);
        await t.app.get(EventBus).deliver('test-order', { wait: true });
        // The open transaction could still commit a change before the other: nothing after it is delivered yet.
        expect(deliveries).toEqual([]);
        await slow.commitTransaction();
      } finally {
        await slow.release();
      }
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => event.target)).toEqual(['written first, committed last', 'written last, committed first']);
    });

    it('passes over the events its consumer has nothing to do for, asking once per batch, and moves past them', async () => {
      const asked: number[] = [];
      const handled: string[] = [];
      await t.app.get(EventBus).subscribe({
        consumer: 'test-relevant',
        events: ['change'],
        handle: async (event) => void handled.push(event.target),
        relevant: async (events) => {
          asked.push(events.length);
          return (event) => event.target.startsWith('wanted');
        },
      });
      for (const target of ['skipped 1', 'wanted 1', 'skipped 2', 'wanted 2', 'skipped 3']) await insertChange(t.dataSource, target);
      await t.deliverEvents();
      expect(handled).toEqual(['wanted 1', 'wanted 2']);
      expect(asked).toEqual([5]);
      const [last] = await insertChange(t.dataSource, 'wanted 3');
      await t.deliverEvents();
      expect(handled).toEqual(['wanted 1', 'wanted 2', 'wanted 3']);
      const [cursor] = await t.dataSource.query("SELECT last_change_id FROM event_consumers WHERE name = 'test-relevant'");
      expect(cursor.last_change_id).toBe(last!.id);
    });

    it('hands a batch over at once where the consumer can, and one event at a time once the batch fails', async () => {
      const batches: string[][] = [];
      const single: string[] = [];
      await t.app.get(EventBus).subscribe({
        consumer: 'test-many',
        events: ['change'],
        handle: async (event) => {
          if (event.target === 'poison') throw new Error('poison');
          single.push(event.target);
        },
        handleMany: async (deliveries) => {
          if (deliveries.some(({ event }) => event.target === 'poison')) throw new Error('poison in the batch');
          batches.push(deliveries.map(({ event }) => event.target));
        },
      });
      for (const target of ['a', 'b']) await insertChange(t.dataSource, target);
      await t.deliverEvents();
      expect(batches).toEqual([['a', 'b']]);
      for (const target of ['c', 'poison', 'd']) await insertChange(t.dataSource, target);
      await t.deliverEvents();
      // The batch failed as a whole and was delivered again event by event: c is delivered, the poison is not.
      expect(batches).toEqual([['a', 'b']]);
      expect(single).toEqual(['c']);
      const [cursor] = await t.dataSource.query("SELECT failed_attempts, last_error FROM event_consumers WHERE name = 'test-many'");
      expect(cursor).toEqual({ failed_attempts: 1, last_error: 'poison' });
    });

    it('delivers again what a failing consumer refused, and what came before it only once', async () => {
      let refusals = 2;
      let refused = -1;
      const deliveries = await record(t, 'test-flaky', ['change'], (changeId) => changeId === refused && refusals-- > 0);
      await insertChange(t.dataSource, 'one');
      [{ id: refused }] = await insertChange(t.dataSource, 'two');
      await insertChange(t.dataSource, 'three');
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => event.target)).toEqual(['one']);
      const [cursor] = await t.dataSource.query("SELECT failed_attempts, last_error FROM event_consumers WHERE name = 'test-flaky'");
      expect(cursor).toEqual({ failed_attempts: 1, last_error: `consumer refuses change ${refused}` });
      await t.deliverEvents();
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => event.target)).toEqual(['one', 'two', 'three']);
    });

    it('passes over a change its consumer failed five times, and goes on', async () => {
      let poisoned = -1;
      const deliveries = await record(t, 'test-poisoned', ['change'], (changeId) => changeId === poisoned);
      [{ id: poisoned }] = await insertChange(t.dataSource, 'poison');
      await insertChange(t.dataSource, 'next');
      for (let attempt = 0; attempt < 5; attempt++) await t.deliverEvents();
      expect(deliveries).toEqual([]);
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => event.target)).toEqual(['next']);
    });

    it('delivers in the order of the transaction ids as numbers, also where they gain a digit (9 before 10)', async () => {
      const deliveries = await record(t, 'test-digits', ['change']);
      // Transactions long over, as any installation's ids pass 999 → 1000 one day: the cursor is set before them.
      await t.dataSource.query("UPDATE event_consumers SET last_xact_id = '5', last_change_id = 0, start_snapshot = NULL WHERE name = 'test-digits'");
      for (const [xact, target] of [['10', 'ten'], ['9', 'nine'], ['11', 'eleven']]) {
        await t.dataSource.query('INSERT INTO changes (action, target, xact_id) VALUES ($1, $2, $3::xid8)', [ChangeAction.Announcement, target, xact]);
      }
      await t.app.get(EventBus).deliver('test-digits', { wait: true });
      // The earlier tests' changes (later transactions) come after them again: the cursor was set back.
      const ours = ['nine', 'ten', 'eleven'];
      expect(deliveries.map(({ event }) => event.target).filter((target) => ours.includes(target))).toEqual(ours);
    });

    it('does not let a slow consumer hold back what commits meanwhile: its batches end after a second', async () => {
      const bus = t.app.get(EventBus);
      const slowSeen: string[] = [];
      await bus.subscribe({
        consumer: 'test-slow',
        events: ['change'],
        handle: async (event) => {
          slowSeen.push(event.target);
          await new Promise((done) => setTimeout(done, 300));
        },
      });
      const quick = await record(t, 'test-quick', ['change']);
      for (let index = 0; index < 10; index++) await insertChange(t.dataSource, `slow ${index}`);
      const slowDone = bus.deliver('test-slow', { wait: true });
      while (slowSeen.length === 0) await new Promise((done) => setTimeout(done, 20));
      await insertChange(t.dataSource, 'written while the slow consumer works');
      // Ten events of 300 ms would hold one transaction for three seconds; the late change gets through before that.
      while (!quick.some(({ event }) => event.target === 'written while the slow consumer works') && slowSeen.length < 10) {
        await bus.deliver('test-quick');
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(slowSeen.length).toBeLessThan(10);
      await slowDone;
      expect(slowSeen).toEqual([...Array.from({ length: 10 }, (_, index) => `slow ${index}`), 'written while the slow consumer works']);
    });

    it('delivers after a restart what was committed before the process stopped, once', async () => {
      const project = await createProject(t);
      await createComponent(t, project, { slug: 'app' });
      await record(t, 'test-restart', ['change']);
      await lock(t, admin.auth, project.slug);
      // The process stops before it delivered anything (no polling here); the next one picks the change up.
      t = await t.restart();
      const deliveries = await record(t, 'test-restart', ['change']);
      await t.deliverEvents();
      await t.deliverEvents();
      expect(deliveries.map(({ event }) => [event.action, event.componentId])).toEqual([[ChangeAction.Lock, expect.any(Number)]]);
      t = await t.restart();
      const again = await record(t, 'test-restart', ['change']);
      await t.deliverEvents();
      expect(again).toEqual([]);
    });
  });
});
