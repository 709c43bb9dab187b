import { ChangeAction } from '../../src/changes/change-actions';
import { NotificationSender } from '../../src/notifications/notification-sender';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { SmtpReceiver, startSmtpReceiver } from '../support/smtp-receiver';

const PO = (...sources: string[]) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n${sources.map((source) => `\nmsgid "${source}"\nmsgstr ""\n`).join('')}`;

/**
 * The subscriptions users make are honoured: instant e-mails from the event stream and digests, through SMTP_URL,
 * never to the one who made the change nor to anyone who cannot see it. Delivery and sending are driven by hand
 * here (EVENTS_POLL_MS=0).
 */
describe('notification e-mails', () => {
  let smtp: SmtpReceiver;
  // Registered first, so the receiver is listening when the app starts (and stops after it).
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' }, () => ({ SMTP_URL: smtp.url, EVENTS_POLL_MS: '0' }));

  beforeEach(() => void smtp.received.splice(0));
  // Subscribers of earlier tests stay subscribed: each test looks at its own users' mail.
  const mailTo = (...addresses: string[]) => smtp.received.filter((mail) => addresses.includes(mail.to[0]));

  const subscribe = (user: UserWithToken, notification: string, frequency: number, scope = 0) =>
    env.t.http().post(`/api/users/${user.user.username}/notifications/`).set('Authorization', user.auth).send({ notification, scope, frequency }).expect(201);

  async function component(name: string, ...sources: string[]) {
    const { project } = await createGitComponent(env, name, { 'po/cs.po': PO(...sources) }, { filemask: 'po/*.po', file_format: 'po' });
    const units = (await env.t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', env.admin.auth).expect(200)).body.results;
    return { project, units: units as { id: number; source: string[] }[] };
  }

  const translate = (unitId: number, target: string) =>
    env.t.http().patch(`/api/units/${unitId}/`).set('Authorization', env.admin.auth).send({ target: [target], state: 20 }).expect(200);

  const send = async (now?: Date) => {
    await env.t.deliverEvents();
    await env.t.app.get(NotificationSender).sendDue(now);
  };

  it("mails a subscriber a change the moment it happens, and not the change's own author", async () => {
    const reader = await createUser(env.t, { email: 'reader@example.com' });
    await subscribe(reader, 'TranslatedStringNotificaton', 1);
    await subscribe(env.admin, 'TranslatedStringNotificaton', 1);
    const { project, units } = await component('instant', 'Hello');
    await translate(units[0].id, 'Ahoj světe');
    await send();

    expect(mailTo('reader@example.com', 'ada@example.com')).toHaveLength(1);
    const [mail] = mailTo('reader@example.com', 'ada@example.com');
    expect(mail.to).toEqual(['reader@example.com']);
    expect(mail.subject).toBe(`[Weblate] Translation added in ${project.name}/App (cs)`);
    expect(mail.text).toContain('by ');
    expect(mail.text).toContain('Ahoj světe');
    expect(mail.text).toContain(`/projects/${project.slug}/app/cs/`);
    await send();
    expect(mailTo('reader@example.com')).toHaveLength(1);
  });

  it('tells nobody of a project they cannot see, and honours "no notification" for one component', async () => {
    const outsider = await createUser(env.t, { email: 'outsider@example.com' });
    const quiet = await createUser(env.t, { email: 'quiet@example.com' });
    await subscribe(outsider, 'TranslatedStringNotificaton', 1);
    await subscribe(quiet, 'TranslatedStringNotificaton', 1);
    const hidden = await component('hidden', 'Secret');
    await env.t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [hidden.project.id]);
    const silenced = await component('silenced', 'Loud');
    // Weblate's API takes no project or component for a subscription (its web profile sets them): written here.
    await env.t.dataSource.query(
      `INSERT INTO notification_subscriptions (user_id, notification, scope, frequency, project_id, component_id)
       SELECT $1, 'TranslatedStringNotificaton', 40, 0, $2, id FROM components WHERE project_id = $2`,
      [quiet.user.id, silenced.project.id],
    );
    await translate(hidden.units[0].id, 'Tajné');
    await translate(silenced.units[0].id, 'Hlasitě');
    await send();
    expect(mailTo('outsider@example.com', 'quiet@example.com').map((mail) => [mail.to[0], mail.subject.includes(silenced.project.name)])).toEqual([['outsider@example.com', true]]);
  });

  it('tries again later when the SMTP server refuses, without holding up the edit', async () => {
    const reader = await createUser(env.t, { email: 'patient@example.com' });
    await subscribe(reader, 'TranslatedStringNotificaton', 1);
    const { units } = await component('retried', 'Retry');
    smtp.refuse('patient@example.com', 2);
    await translate(units[0].id, 'Znovu');
    await send();
    expect(mailTo('patient@example.com')).toEqual([]);
    const [queued] = await env.t.dataSource.query("SELECT attempts, last_error FROM notification_emails WHERE user_id = $1", [reader.user.id]);
    expect(queued).toEqual({ attempts: 1, last_error: expect.stringContaining('Mailbox busy') });
    for (let attempt = 0; attempt < 2; attempt++) {
      await env.t.dataSource.query("UPDATE notification_emails SET next_attempt_at = now() WHERE user_id = $1", [reader.user.id]);
      await send();
    }
    expect(mailTo('patient@example.com')).toHaveLength(1);
    expect(await env.t.dataSource.query('SELECT id FROM notification_emails WHERE user_id = $1', [reader.user.id])).toEqual([]);
  });

  it("collects a day's changes into one digest", async () => {
    const reader = await createUser(env.t, { email: 'digest@example.com' });
    await subscribe(reader, 'TranslatedStringNotificaton', 2);
    const { units } = await component('digest', 'Morning', 'Evening');
    await translate(units[0].id, 'Ráno');
    await translate(units[1].id, 'Večer');
    await send();
    expect(mailTo('digest@example.com')).toEqual([]);
    await send(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(mailTo('digest@example.com')).toHaveLength(1);
    const [digest] = mailTo('digest@example.com');
    expect(digest).toMatchObject({ to: ['digest@example.com'], subject: '[Weblate] Daily digest: 2 changes' });
    expect(digest.text).toContain('Ráno');
    expect(digest.text).toContain('Večer');
    const changes = await env.t.dataSource.query('SELECT count(*)::int AS count FROM changes WHERE action = $1', [ChangeAction.New]);
    expect(changes[0].count).toBeGreaterThanOrEqual(2);
  });
});
