import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/** SMTP_URL's server, through nodemailer; `enabled` is false without it. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    // Short timeouts: a server that does not answer makes the e-mail wait for its next attempt, not the sender.
    this.transport = config.smtp ? createTransport({ url: config.smtp.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(email: Email): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({ from: this.config.smtp!.from, ...email });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
