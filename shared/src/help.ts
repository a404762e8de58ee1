/**
 * The help centre's content model. Guides and the FAQ are Markdown files in `shared/help`; the web app renders
 * them and the API's assistant searches them, so both split them into sections the same way here.
 */

export const HELP_PATHS = {
  guides: '/help/guides',
  faq: '/help/faq',
  contact: '/help/contact',
  chatbot: '/help/chatbot',
  guide: (slug: string) => `/help/guides/${slug}`,
} as const;

/** The anchor of a heading: "File types and limits" → "file-types-and-limits" (the form deep links use). */
export function helpAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

export interface HelpDocument {
  /** Front matter: `title`, `summary`, `order`. */
  meta: Record<string, string>;
  /** The Markdown after the front matter. */
  body: string;
}

/** Splits a help file into its front matter (simple `key: value` lines between `---`) and its Markdown body. */
export function parseHelpDocument(source: string): HelpDocument {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

export interface HelpSection {
  heading: string;
  anchor: string;
  /** The section's Markdown, without its heading. */
  markdown: string;
}

/** The `## ` sections of a Markdown body, in order; text before the first one is the section "" (the intro). */
export function helpSections(body: string): HelpSection[] {
  const sections: HelpSection[] = [];
  let current: HelpSection = { heading: '', anchor: '', markdown: '' };
  const lines: string[] = [];
  const flush = () => {
    current.markdown = lines.join('\n').trim();
    if (current.heading || current.markdown) sections.push(current);
    lines.length = 0;
  };
  for (const line of body.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      flush();
      current = { heading: heading[1]!, anchor: helpAnchor(heading[1]!), markdown: '' };
    } else if (!/^#\s/.test(line)) {
      lines.push(line);
    }
  }
  flush();
  return sections;
}

/** Markdown reduced to the words a person reads (for search and for plain-text answers). */
export function helpPlainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\|?[\s|:-]+\|?\s*$/gm, '')
    .replace(/[*_`>#|]/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** A passage the assistant can answer with: one section of a guide, one FAQ entry or one part of the rubric. */
export interface HelpPassage {
  id: string;
  kind: 'guide' | 'faq' | 'rubric';
  /** The page's title ("Recording a session"). */
  title: string;
  /** The section's heading ("Wind"); empty for a page's introduction. */
  section: string;
  /** Where the passage is read in the app, with its anchor. */
  url: string;
  /** The guide the passage belongs to or links to first (its slug); empty when none. */
  guide: string;
  text: string;
}

export const CONTACT_TOPICS = [
  'Recording and uploads',
  'Reports and scores',
  'Account and sign-in',
  'Teams and plans',
  'Privacy and data',
  'Something else',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: 254,
  messageMinLength: 10,
  messageMaxLength: 5000,
  /** Requests one email address may send in an hour. */
  perEmailPerHour: 3,
  /** Requests one client address may send in an hour. */
  perClientPerHour: 10,
} as const;

export const HELP_MESSAGES = {
  contactSent: (reference: string) => `Thank you. Your message has been sent to support. Your reference is ${reference}.`,
  contactUnavailable: 'Your message could not be sent right now. Please try again later.',
  assistantUnknown:
    "I don't know the answer to that from the guides, the FAQ or the coaching rubric. Please ask your club's support team through the Contact page.",
  assistantIntro: 'Here is what the help pages say:',
} as const;

/** The assistant's answer: text to show, the passages it rests on, and whether it found anything at all. */
export interface AssistantAnswerDto {
  answer: string;
  known: boolean;
  sources: { title: string; section: string; url: string }[];
  /** `llm` when the club's language model wrote the answer, `search` when it is the help passages themselves. */
  mode: 'search' | 'llm';
}

export interface ContactRequestDto {
  reference: string;
  message: string;
}
