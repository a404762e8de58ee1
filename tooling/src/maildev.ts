// maildev, the SMTP catcher `npm start` and the tests run beside the product: every mail the product sends
// lands in its web UI (and REST API) instead of a real mailbox.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);

export interface MaildevOptions {
  smtpPort?: number;
  webPort?: number;
}

/** A running maildev: where the product sends mail, and where its web UI and REST API (`/email`) answer. */
export interface MailCatcher {
  smtpPort: number;
  webUrl: string;
  stop(): Promise<void>;
}

/** The part of maildev's (untyped) server used here. */
interface MailDevServer {
  listen(callback: (error?: Error) => void): void;
  close(callback: () => void): void;
}
type MailDevConstructor = new (options: Record<string, unknown>) => MailDevServer;

/** Starts maildev on loopback; resolves with its addresses and a stop function. */
export async function startMaildev({ smtpPort = 1025, webPort = 1080 }: MaildevOptions = {}): Promise<MailCatcher> {
  // maildev reports a taken port as an uncaught error event; check first and fail with a sentence instead.
  for (const port of [smtpPort, webPort]) await assertFree(port);
  const MailDev = require('maildev') as MailDevConstructor;
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, noOpen: true });
  await new Promise<void>((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())));
  return {
    smtpPort,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}

function assertFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
