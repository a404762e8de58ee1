import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * Where replies go, when not to the sender (a help request's author). Name and address stay separate fields so
   * that nodemailer quotes the name: a name holding commas or addresses cannot add recipients of its own.
   */
  replyTo?: { name: string; address: string };
}

/** Sends mail over SMTP (maildev under `npm start`, Mailpit or the club's server in the stack). */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    const { host, port, secure, user, password } = config.smtp;
    this.transport = createTransport({ host, port, secure, auth: user ? { user, pass: password } : undefined });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.config.smtp.from, ...mail });
    this.logger.log(`mail "${mail.subject}" sent`);
  }

  /** For mail whose delivery must not change the answer a caller sees (no account probing by timing). */
  sendInBackground(mail: Mail): void {
    this.send(mail).catch((error: unknown) => this.logger.error({ err: error, subject: mail.subject }, 'mail failed'));
  }
}
