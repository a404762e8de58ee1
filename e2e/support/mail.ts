import { expect } from '@playwright/test';

interface Mail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The newest mail to `address` whose subject matches, read through the mail catcher's REST API. */
export async function waitForMail(mailUrl: string, address: string, subject: RegExp, after = 0): Promise<Mail> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
        found = all.filter((m) => subject.test(m.subject) && m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
        return found.length;
      },
      { timeout: 20_000, message: `mail "${subject}" to ${address}` },
    )
    .toBeGreaterThan(after);
  return found[found.length - 1]!;
}

export async function countMails(mailUrl: string, address: string, subject: RegExp): Promise<number> {
  const all = (await (await fetch(`${mailUrl}/email`)).json()) as Mail[];
  return all.filter((m) => subject.test(m.subject) && m.to.some((t) => t.address.toLowerCase() === address.toLowerCase())).length;
}

export const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
