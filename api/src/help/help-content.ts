import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { HELP_PATHS, helpPlainText, helpSections, parseHelpDocument, SKILL_CATEGORIES, type HelpPassage } from '@touchline/shared';
import { loadRubric, type Rubric } from '../analysis';

/** The guides and the FAQ, as Markdown in the repository (the web app renders the same files). */
export const HELP_CONTENT_DIR = path.resolve(__dirname, '../../../shared/help');

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** One passage per section of every guide, with the section's deep link. */
export function guidePassages(dir = HELP_CONTENT_DIR): HelpPassage[] {
  const guidesDir = path.join(dir, 'guides');
  return readdirSync(guidesDir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) => {
      const slug = file.replace(/\.md$/, '');
      const { meta, body } = parseHelpDocument(readFileSync(path.join(guidesDir, file), 'utf8'));
      const title = meta.title ?? slug;
      return helpSections(body).map((section) => ({
        id: `guide:${slug}#${section.anchor}`,
        kind: 'guide' as const,
        title,
        section: section.heading,
        url: section.anchor ? `${HELP_PATHS.guide(slug)}#${section.anchor}` : HELP_PATHS.guide(slug),
        guide: slug,
        text: helpPlainText(section.heading ? section.markdown : [meta.summary ?? '', section.markdown].join('\n')),
      }));
    });
}

/** One passage per FAQ question; its text is the question and the answer. */
export function faqPassages(dir = HELP_CONTENT_DIR): HelpPassage[] {
  const { meta, body } = parseHelpDocument(readFileSync(path.join(dir, 'faq.md'), 'utf8'));
  return helpSections(body)
    .filter((section) => section.heading)
    .map((section) => ({
      id: `faq:${section.anchor}`,
      kind: 'faq' as const,
      title: meta.title ?? 'FAQ',
      section: section.heading,
      url: `${HELP_PATHS.faq}#${section.anchor}`,
      guide: /\]\(\/help\/guides\/([a-z0-9-]+)/.exec(section.markdown)?.[1] ?? '',
      text: helpPlainText(section.markdown),
    }));
}

/** The rubric's reasoning and advice, linked to where the guides explain each part. */
export function rubricPassages(rubric: Rubric = loadRubric()): HelpPassage[] {
  const scores = HELP_PATHS.guide('scores');
  const report = HELP_PATHS.guide('reading-your-report');
  const passage = (id: string, section: string, url: string, text: string): HelpPassage => ({
    id: `rubric:${id}`,
    kind: 'rubric',
    title: 'Coaching rubric',
    section,
    url,
    guide: /\/help\/guides\/([a-z0-9-]+)/.exec(url)![1]!,
    text: text.replace(/\s+/g, ' ').trim(),
  });
  return [
    passage('segmentation', 'Interventions', `${report}#the-metrics`, rubric.segmentation.intervention_gap_seconds.why),
    passage('style', 'Coaching style', `${report}#coaching-style`, rubric.style.hands_off_max_talk_ratio.why),
    passage('levels', 'Levels', `${report}#the-scores`, rubric.levels.why),
    passage('coding', 'Coding of utterances', `${report}#the-coded-transcript`, rubric.coding.why),
    ...SKILL_CATEGORIES.map((category) => {
      const { indicators, guidance } = rubric.categories[category];
      const text = [`How to improve the ${category} score: ${guidance.join(' ')}`, ...indicators.map((i) => `${i.metric.replace(/_/g, ' ')}: ${i.why}`)].join(
        '\n',
      );
      return passage(category, `${capitalised(category)} score`, `${scores}#${category}`, text);
    }),
  ];
}

export function allHelpPassages(): HelpPassage[] {
  return [...guidePassages(), ...faqPassages(), ...rubricPassages()];
}
