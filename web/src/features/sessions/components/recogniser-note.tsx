import type { TranscriberName } from '@touchline/shared';

/**
 * Under a report transcribed by the fallback recogniser: which one it was, what that means for the words and the
 * scores, and what gets the better one. What Whisper needs is what `npm start` checks for (infra/lib/whisper.mjs,
 * WHISPER_HINT; the API says the same in create-transcriber.ts). Nothing for Whisper, a club's own service, or none.
 */
export function RecogniserNote({ transcriber }: { transcriber: TranscriberName }) {
  if (transcriber !== 'pocketsphinx') return null;
  return (
    <aside aria-label="Speech recogniser" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="recogniser-note">
      <p>
        <strong>Transcribed with PocketSphinx</strong>, a basic speech recogniser: many of its words are wrong, so the transcript and the scores that rest on it
        are rough.
      </p>
      <p className="mt-1">
        Whisper is far more accurate. Touchline installs it by itself at its next start (<code>npm start</code>) on an x86-64 Linux server with Python 3.11,
        3.12 or 3.13 and venv (Debian and Ubuntu: <code>apt-get install python3 python3-venv</code>); sessions analysed after that are transcribed by Whisper.
      </p>
    </aside>
  );
}
