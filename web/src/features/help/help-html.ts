// The guides' and the FAQ's HTML, rendered from shared/help at build time (the help-html plugin in vite.config.ts).
const guideFiles = import.meta.glob('../../../../shared/help/guides/*.md', { query: '?help-html', import: 'default', eager: true }) as Record<string, string>;
const faqFile = Object.values(
  import.meta.glob('../../../../shared/help/faq.md', { query: '?help-html-sections', import: 'default', eager: true }) as Record<
    string,
    Record<string, string>
  >,
)[0]!;

/** A guide's body as HTML, by its slug. */
export function guideHtml(slug: string): string {
  const entry = Object.entries(guideFiles).find(([file]) => file.endsWith(`/${slug}.md`));
  return entry?.[1] ?? '';
}

/** An FAQ answer as HTML, by its question's anchor. */
export function faqAnswerHtml(anchor: string): string {
  return faqFile[anchor] ?? '';
}
