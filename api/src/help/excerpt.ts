/** The start of a passage as one line, ended at a sentence where one ends near the limit. */
export function excerpt(text: string, limit = 360): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit);
  const sentence = cut.lastIndexOf('. ');
  return sentence > limit / 2 ? cut.slice(0, sentence + 1) : `${cut.replace(/\s\S*$/, '')} …`;
}

/**
 * The start of a passage as Markdown for the assistant's answer: a wrapped paragraph becomes one line, list items
 * stay one per line (so they render as a list, not as "- " inside a sentence), and it ends at a whole item or
 * sentence near the limit.
 */
export function excerptMarkdown(text: string, limit = 420): string {
  const blocks: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (blocks.length === 0 || /^(- |\* |\d+\. )/.test(line)) blocks.push(line);
    else blocks[blocks.length - 1] += ` ${line}`;
  }
  const kept: string[] = [];
  let length = 0;
  for (const block of blocks) {
    if (length + block.length <= limit) {
      kept.push(block);
      length += block.length;
      continue;
    }
    // The first block alone is too long: cut it at a sentence, as `excerpt` does; later ones are left out.
    if (kept.length === 0) kept.push(excerpt(block, limit));
    else kept.push('…');
    break;
  }
  // A list that follows a sentence needs the line break Markdown reads as the start of a list.
  return kept.map((block, i) => (i > 0 && /^(- |\* |\d+\. )/.test(block) && !/^(- |\* |\d+\. )/.test(kept[i - 1]!) ? `\n${block}` : block)).join('\n');
}
