import express from 'express';
import request from 'supertest';
import { createRootLogger } from './pino-logger';
import { requestLogger } from './request-logger';

/** An app logging through the process's logger configuration into `lines`, answering with the status asked. */
function appLogging(level: string) {
  const lines: unknown[] = [];
  const logger = createRootLogger(level, { write: (line: string) => lines.push(JSON.parse(line) as unknown) });
  const app = express();
  app.use(requestLogger(logger));
  app.get('/status/:code', (req, res) => {
    res.status(Number(req.params.code)).json({ id: (req as { id?: string }).id });
  });
  return { app, lines };
}

describe('requestLogger', () => {
  it('logs a 4xx at info with the request, its status and time, credentials redacted', async () => {
    const { app, lines } = appLogging('info');
    const answer = await request(app).get('/status/404?x=1').set('Authorization', 'Token wlu_secret').set('X-Request-Id', 'trace-1');
    expect(answer.body).toEqual({ id: 'trace-1' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ id: 'trace-1', method: 'GET', url: '/status/404?x=1', headers: expect.objectContaining({ authorization: '[Redacted]' }) }),
        res: expect.objectContaining({ statusCode: 404 }),
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('logs a 5xx at error as a failure', async () => {
    const { app, lines } = appLogging('info');
    await request(app).get('/status/503');
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request errored', res: expect.objectContaining({ statusCode: 503 }), err: expect.objectContaining({ message: 'failed with status code 503' }) })]);
  });

  it('writes successes only at debug, and gives each request a new id unless a plain one is given', async () => {
    const quiet = appLogging('info');
    const first = await request(quiet.app).get('/status/200').set('X-Request-Id', 'not a plain token');
    const second = await request(quiet.app).get('/status/200');
    expect(quiet.lines).toEqual([]);
    const ids = [first, second].map((answer) => (answer.body as { id: string }).id);
    expect(ids).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(ids[1]).not.toBe(ids[0]);

    const verbose = appLogging('debug');
    await request(verbose.app).get('/status/201');
    expect(verbose.lines).toEqual([expect.objectContaining({ level: 20, res: expect.objectContaining({ statusCode: 201 }) })]);
  });
});
