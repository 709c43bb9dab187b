import { JobHandlerRegistry } from '../../src/tasks/job-handler.registry';
import { TasksService } from '../../src/tasks/tasks.service';
import { createTestApp, TestApp } from '../support/test-app';

// Jobs of this test only; real modules declare theirs the same way in src/tasks/jobs.ts.
declare module '../../src/tasks/jobs' {
  interface JobPayloads {
    'test.count': { upTo: number };
    'test.fail': { reason: string };
  }
}

describe('background tasks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const registry = t.app.get(JobHandlerRegistry);
    registry.register('test.count', async ({ upTo }, progress) => {
      for (let i = 1; i <= upTo; i++) await progress.report((i / upTo) * 100, `counted ${i}`);
      return { counted: upTo };
    });
    registry.register('test.fail', async ({ reason }) => {
      throw new Error(reason);
    });
  });

  afterAll(() => t.close());

  it('runs a job and reports its state at the task URL', async () => {
    const task = await t.app.get(TasksService).start('test.count', { upTo: 3 });
    await t.drainTasks();
    const res = await t.http().get(`/api/tasks/${task.id}/`).expect(200);
    expect(res.body).toEqual({ completed: true, progress: 100, result: { counted: 3 }, log: 'counted 1\ncounted 2\ncounted 3\n' });
  });

  it('answers for a task that has not run yet', async () => {
    const task = await t.app.get(TasksService).start('test.count', { upTo: 1 });
    const res = await t.http().get(`/api/tasks/${task.id}/`).expect(200);
    expect(res.body).toMatchObject({ progress: expect.any(Number), log: expect.any(String) });
    await t.drainTasks();
  });

  it('records a failure with its reason', async () => {
    const task = await t.app.get(TasksService).start('test.fail', { reason: 'repository unreachable' });
    await t.drainTasks();
    const res = await t.http().get(`/api/tasks/${task.id}/`).expect(200);
    expect(res.body).toEqual({ completed: true, progress: 100, result: { error: 'repository unreachable' }, log: 'Failed: repository unreachable\n' });
  });

  it('answers an unknown or malformed task id with 404', async () => {
    expect((await t.http().get('/api/tasks/00000000-0000-4000-8000-000000000000/').expect(404)).body.detail).toBe('Task not found.');
    await t.http().get('/api/tasks/not-a-uuid/').expect(404);
  });

  it('explains that tasks cannot be listed', async () => {
    const res = await t.http().get('/api/tasks/').expect(404);
    expect(res.body.detail).toMatch(/task_url/);
  });
});
