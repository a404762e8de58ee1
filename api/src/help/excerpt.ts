/** The start of a passage as one line, ended at a sentence where one ends near the limit. */
export function excerpt(text: string, limit = 360): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit);
  const sentence = cut.lastIndexOf('. ');
  return sentence > limit / 2 ? cut.slice(0, sentence + 1) : `${cut.replace(/\s\S*$/, '')} …`;
}
