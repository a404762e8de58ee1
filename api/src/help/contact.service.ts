import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CONTACT_LIMITS, HELP_MESSAGES, type ContactRequestDto } from '@touchline/shared';
import { Errors } from '../common';
import { AppConfig } from '../config';
import { RateLimit, ThrottleStore } from '../database';
import { MailService } from '../mail';
import type { ContactRequestBody } from './dto/help.dto';
import { SupportRequestsRepository } from './support-requests.repository';

// Crockford's base 32 without look-alikes: easy to read out on the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `TL-${code}`;
}

/**
 * The Contact form: stores the request, mails it to the club's support address (the sender as Reply-To) and
 * answers with a reference. Limited per email address and per client address; a filled-in honeypot field gets
 * the same kind of answer as a person but nothing is stored or sent, so a bot learns nothing.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);
  private readonly perEmail: RateLimit;
  private readonly perClient: RateLimit;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly requests: SupportRequestsRepository,
    store: ThrottleStore,
  ) {
    this.perEmail = new RateLimit(store, { scope: 'contact-email', points: CONTACT_LIMITS.perEmailPerHour, durationSeconds: 3600 });
    this.perClient = new RateLimit(store, { scope: 'contact-client', points: CONTACT_LIMITS.perClientPerHour, durationSeconds: 3600 });
  }

  async send(body: ContactRequestBody, clientAddress: string): Promise<ContactRequestDto> {
    if (!(await this.perClient.consume(clientAddress)) || !(await this.perEmail.consume(body.email.toLowerCase()))) {
      throw Errors.tooManyRequests();
    }
    if (body.website) {
      this.logger.warn('contact request with the honeypot field filled in; dropped');
      const reference = newReference();
      return { reference, message: HELP_MESSAGES.contactSent(reference) };
    }
    const request = { reference: newReference(), name: body.name, email: body.email, topic: body.topic, message: body.message };
    try {
      await this.requests.createAndDeliver(request, () =>
        this.mail.send({
          to: this.config.supportEmail,
          replyTo: { name: request.name, address: request.email },
          subject: `[${request.reference}] ${request.topic}: ${request.name}`,
          text: [
            `Reference: ${request.reference}`,
            `Name: ${request.name}`,
            `Email: ${request.email}`,
            `Topic: ${request.topic}`,
            '',
            request.message,
            '',
            '-- ',
            `Sent from the Contact page of ${this.config.publicUrl}. Reply to this email to answer the sender.`,
          ].join('\n'),
        }),
      );
    } catch (error) {
      this.logger.error({ err: error, reference: request.reference }, 'contact request could not be sent');
      throw Errors.contactUnavailable();
    }
    return { reference: request.reference, message: HELP_MESSAGES.contactSent(request.reference) };
  }
}
