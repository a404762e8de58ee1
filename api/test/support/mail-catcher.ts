import { startMaildev } from '@touchline/tooling';
import { freePort } from '../../src/common/net';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

export { freePort };

/** maildev started in-process on free ports, read through its REST API as a person's inbox would be. */
export async function startMailCatcher() {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const maildev = await startMaildev({ smtpPort, webPort });

  async function inbox(address: string): Promise<CaughtMail[]> {
    const all = (await (await fetch(`${maildev.webUrl}/email`)).json()) as CaughtMail[];
    return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
  }

  /** Waits for the newest mail to `address` whose subject matches. */
  async function waitForMail(address: string, subject: RegExp, after = 0): Promise<CaughtMail> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await inbox(address)).filter((m) => subject.test(m.subject));
      if (found.length > after) return found[found.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" for ${address}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return { smtpPort, webUrl: maildev.webUrl, inbox, waitForMail, stop: maildev.stop };
}
