/** What an utterance the recogniser was unsure of means: the marker's title and screen-reader text. */
export const UNCLEAR_UTTERANCE = 'The recogniser was unsure of these words';

/** The text colour of an utterance the recogniser was unsure of: greyed, yet slate-500 on white is 4.8:1 (WCAG AA). */
export const UNCLEAR_TONE = 'text-slate-500';

/**
 * The mark beside an utterance the recogniser was unsure of: a visible "Unclear" with its meaning for screen
 * readers, so that the dimmed text is not the only sign.
 */
export function UnclearMarker() {
  return (
    <span className="rounded-full border border-dashed border-slate-400 px-2 py-0.5 text-xs font-medium text-slate-600" title={UNCLEAR_UTTERANCE}>
      Unclear<span className="sr-only">: {UNCLEAR_UTTERANCE.toLowerCase()}.</span>
    </span>
  );
}
