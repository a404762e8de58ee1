import { HELP_PATHS, helpSections, parseHelpDocument, type HelpSection } from '@touchline/shared';

// The guides and the FAQ are Markdown files in the repository (shared/help), bundled as text at build time;
// the API's assistant indexes the same files.
const guideFiles = import.meta.glob('../../../../shared/help/guides/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const faqFile = Object.values(
  import.meta.glob('../../../../shared/help/faq.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>,
)[0]!;

export interface Guide {
  slug: string;
  title: string;
  summary: string;
  url: string;
  /** The Markdown body, its `# Title` included. */
  body: string;
  sections: HelpSection[];
}

export const guides: Guide[] = Object.entries(guideFiles)
  .map(([file, source]) => {
    const slug = /([^/]+)\.md$/.exec(file)![1]!;
    const { meta, body } = parseHelpDocument(source);
    return {
      slug,
      title: meta.title ?? slug,
      summary: meta.summary ?? '',
      url: HELP_PATHS.guide(slug),
      body,
      sections: helpSections(body).filter((s) => s.heading),
      order: Number(meta.order ?? 99),
    };
  })
  .sort((a, b) => a.order - b.order)
  .map(({ order: _order, ...guide }) => guide);

export function findGuide(slug: string | undefined): Guide | undefined {
  return guides.find((guide) => guide.slug === slug);
}

/** The FAQ: one entry per `## ` question, its answer in Markdown. */
export const faqEntries: HelpSection[] = helpSections(parseHelpDocument(faqFile).body).filter((s) => s.heading);
