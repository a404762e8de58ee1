import { UTTERANCE_CODES, type CodedUtteranceDto, type UtteranceCode } from '@touchline/shared';

/** How many utterances carry each code. */
export function codeCounts(transcript: Pick<CodedUtteranceDto, 'codes'>[]): Record<UtteranceCode, number> {
  const counts = Object.fromEntries(UTTERANCE_CODES.map((code) => [code, 0])) as Record<UtteranceCode, number>;
  for (const u of transcript) for (const code of u.codes) counts[code] += 1;
  return counts;
}
