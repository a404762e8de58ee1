// The mail module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { MailModule } from './mail.module';
export { MailService } from './mail.service';
