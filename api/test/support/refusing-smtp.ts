import { SMTPServer } from 'smtp-server';
import { freePort } from './mail-catcher';

/**
 * A real SMTP server that behaves like a strict or failing mail server: it answers 550 to any recipient at
 * `refusedDomain`, 421 to every command while `down`, and otherwise accepts and keeps each message.
 */
export async function startRefusingSmtp(refusedDomain: string) {
  const port = await freePort();
  const accepted: { to: string[]; text: string }[] = [];
  const state = { down: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (state.down) return callback(Object.assign(new Error('Service not available'), { responseCode: 421 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${refusedDomain}`)) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        accepted.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    accepted,
    /** While true, every connection is turned away, as during an outage of the mail server. */
    setDown(down: boolean) {
      state.down = down;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
