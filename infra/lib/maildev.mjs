// maildev, the SMTP catcher `npm start` and the tests run beside the product: every mail the product sends
// lands in its web UI (and REST API) instead of a real mailbox.
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);

/** Starts maildev on loopback; resolves with its addresses and a stop function. */
export async function startMaildev({ smtpPort = 1025, webPort = 1080 } = {}) {
  // maildev reports a taken port as an uncaught error event; check first and fail with a sentence instead.
  for (const port of [smtpPort, webPort]) await assertFree(port);
  const MailDev = require('maildev');
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, noOpen: true });
  await new Promise((resolve, reject) => maildev.listen((error) => (error ? reject(error) : resolve())));
  return {
    smtpPort,
    webUrl: `http://127.0.0.1:${webPort}`,
    stop: () => new Promise((resolve) => maildev.close(() => resolve())),
  };
}

function assertFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
