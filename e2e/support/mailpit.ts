import { expect } from '@playwright/test';

interface Summary {
  ID: string;
  Subject: string;
  To: { Address: string }[];
}

/** The newest mail to `address` whose subject matches, read through Mailpit's API (the compose stack's catcher). */
export async function waitForMailpit(mailUrl: string, address: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  let found: Summary | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await fetch(`${mailUrl}/api/v1/messages?limit=200`)).json()) as { messages: Summary[] };
        // Newest first.
        found = messages.find((m) => subject.test(m.Subject) && m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()));
        return Boolean(found);
      },
      { timeout: 60_000, message: `mail "${subject}" to ${address}` },
    )
    .toBe(true);
  const message = (await (await fetch(`${mailUrl}/api/v1/message/${found!.ID}`)).json()) as { Subject: string; Text: string };
  return { subject: message.Subject, text: message.Text };
}
