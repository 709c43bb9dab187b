import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
}

/** A local SMTP server for tests: keeps what it is sent; `refuse(to, n)` answers the next n messages to `to` with 451. */
export interface SmtpReceiver {
  url: string;
  received: ReceivedEmail[];
  refuse(to: string, count: number): void;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedEmail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        if ((refusals.get(to) ?? 0) > 0) {
          refusals.set(to, refusals.get(to)! - 1);
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1].replace(/\r?\n[ \t]/g, ' ') ?? '';
        const text = body.join('\n\n').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((address) => address.address), subject: decodeHeader(subject), text: Buffer.from(text, 'latin1').toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (to, count) => void refusals.set(to, count),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
