import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ChangeAction } from '../../src/changes/change-actions';
import { Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { deliverUntil } from '../support/deliver-until';
import { createTestApp, TestApp } from '../support/test-app';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that keeps what it is sent and answers each request with the next status of `statuses` (then 200). */
async function startReceiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

/** Standard Webhooks verification, written from the specification (not with the server's code). */
function verify(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64');
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('webhook add-on', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let project: Project;
  const servers: Server[] = [];

  beforeAll(async () => {
    // The receivers listen on loopback, which the URL policy refuses unless private hosts are allowed.
    t = await createTestApp({ VCS_BLOCK_PRIVATE_HOSTS: 'false', WEBHOOK_RETRY_DELAY_MS: '100', SITE_URL: 'https://weblate.example', ALLOWED_HOSTS: '*' });
    admin = await createUser(t, { isSuperuser: true });
    project = await createProject(t);
  });

  afterAll(async () => {
    for (const server of servers) server.close();
    await t.close();
  });

  /** A component with one untranslated Czech string, and the webhook add-on on it sending the given actions. */
  async function setUp(url: string, events: number[]) {
    const component = await createComponent(t, project, { fileFormat: 'json', filemask: '*.json' });
    const translation = await createTranslation(t, component, 'cs');
    const [{ id: unitId }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO units (translation_id, id_hash, content_hash, context, source, target, state) VALUES ($1, 4660, 1, 'greeting', '{Hello}', '{""}', 0) RETURNING id`,
      [translation.id],
    );
    const addon = await t.http().post(`/api/components/${project.slug}/${component.slug}/addons/`).set('Authorization', admin.auth)
      .send({ name: 'weblate.webhook.webhook', configuration: { webhook_url: url, secret: SECRET, events } }).expect(201);
    return { component, unitId, addonId: addon.body.id as number };
  }

  const edit = (unitId: number, target: string) =>
    t.http().patch(`/api/units/${unitId}/`).set('Authorization', admin.auth).send({ target: [target], state: 20 }).expect(200);

  it('POSTs the selected changes as Weblate messaging payloads, signed as Standard Webhooks, and keeps their history', async () => {
    const receiver = await startReceiver();
    servers.push(receiver.server);
    const { component, unitId, addonId } = await setUp(receiver.url, [ChangeAction.New]);
    await edit(unitId, 'Ahoj');
    // A change of an action not selected (a second edit: Change) is not sent.
    await edit(unitId, 'Nazdar');
    await deliverUntil(t, async () => receiver.received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(verify(SECRET, request)).toBe(true);
    expect(verify('whsec_c29tZSBvdGhlciBzZWNyZXQ=', request)).toBe(false);
    const [change] = (await t.http().get(`/api/changes/?action=${ChangeAction.New}`).set('Authorization', admin.auth).expect(200)).body.results;
    expect(JSON.parse(request.body)).toEqual({
      change_id: change.id,
      action: 'Translation added',
      timestamp: change.timestamp,
      target: ['Ahoj'],
      source: ['Hello'],
      context: 'greeting',
      url: `https://weblate.example/translate/${project.slug}/${component.slug}/cs/?checksum=1234`,
      author: admin.user.username,
      user: admin.user.username,
      project: project.slug,
      component: component.slug,
      translation: 'cs',
    });

    const history = await t.http().get(`/api/addons/${addonId}/deliveries/`).set('Authorization', admin.auth).expect(200);
    expect(history.body.results).toEqual([
      expect.objectContaining({ change_id: change.id, webhook_id: request.headers['webhook-id'], status: 'delivered', attempts: 1, response_status: 200, error: '' }),
    ]);
    // The history is the add-on's managers' only.
    const other = await createUser(t);
    await t.http().get(`/api/addons/${addonId}/deliveries/`).set('Authorization', other.auth).expect(403);
  });

  it('tries again with backoff: a receiver failing twice gets the change on the third attempt, with the same id and body', async () => {
    const receiver = await startReceiver([500, 500]);
    servers.push(receiver.server);
    const { unitId, addonId } = await setUp(receiver.url, [ChangeAction.New]);
    await edit(unitId, 'Ahoj');
    const deliveries = async () => (await t.http().get(`/api/addons/${addonId}/deliveries/`).set('Authorization', admin.auth).expect(200)).body.results as { status: string; attempts: number; response_status: number }[];
    await deliverUntil(t, async () => (await deliveries())[0]?.status === 'delivered', 60_000);

    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'delivered', attempts: 3, response_status: 200 })]);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    expect(receiver.received.every((request) => verify(SECRET, request))).toBe(true);
  }, 90_000);

  it('gives up after five attempts and records the failure as the add-on alert', async () => {
    const receiver = await startReceiver([503, 503, 503, 503, 503, 503]);
    servers.push(receiver.server);
    const { unitId, addonId } = await setUp(receiver.url, [ChangeAction.New]);
    await edit(unitId, 'Ahoj');
    const alerts = async () =>
      ((await t.http().get(`/api/changes/?action=${ChangeAction.Alert}`).set('Authorization', admin.auth).expect(200)).body.results as { details: Record<string, unknown> }[])
        .filter((change) => change.details.addon_id === addonId);
    // Five attempts with backoff: Bull promotes each delayed retry within a few seconds, so this may take a while.
    await deliverUntil(t, async () => (await alerts()).length > 0, 80_000);

    expect(await alerts()).toEqual([expect.objectContaining({ details: expect.objectContaining({ alert: 'AddonScriptError', error: 'The receiver answered 503.' }) })]);
    expect(receiver.received).toHaveLength(5);
    const [delivery] = (await t.http().get(`/api/addons/${addonId}/deliveries/`).set('Authorization', admin.auth).expect(200)).body.results;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5, response_status: 503 });
  }, 90_000);
});
