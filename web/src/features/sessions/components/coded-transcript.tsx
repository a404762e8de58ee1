import { UTTERANCE_CODE_LABELS, UTTERANCE_CODES, type CodedUtteranceDto, type TranscriberName, type UtteranceCode } from '@touchline/shared';
import { UNCLEAR_TONE, UnclearMarker } from '@/components/report/unclear-marker';
import { clock } from '@/lib/format';

const CODE_TONES: Record<UtteranceCode, string> = {
  instruction: 'bg-sky-100 text-sky-800',
  questioning: 'bg-violet-100 text-violet-800',
  praise: 'bg-emerald-100 text-emerald-800',
  scold: 'bg-red-100 text-red-800',
  management: 'bg-slate-100 text-slate-700',
  'first-name': 'bg-amber-100 text-amber-800',
};

const TRANSCRIBER_NOTES: Record<TranscriberName, string> = {
  none: 'no transcriber',
  pocketsphinx: 'offline speech recognition',
  http: "the club's transcription service",
  whisper: 'offline speech recognition (Whisper)',
};

function CodeBadge({ code }: { code: UtteranceCode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${CODE_TONES[code]}`}>{UTTERANCE_CODE_LABELS[code]}</span>;
}

interface CodedTranscriptProps {
  transcript: CodedUtteranceDto[] | null;
  codeCounts: Record<UtteranceCode, number> | null;
  transcriber: TranscriberName;
  onSeek: (seconds: number) => void;
}

/**
 * What the coach said, utterance by utterance, with the behaviour codes the analysis gave each; an utterance the
 * recogniser was unsure of is greyed and marked Unclear.
 */
export function CodedTranscript({ transcript, codeCounts, transcriber, onSeek }: CodedTranscriptProps) {
  const unclear = transcript?.filter((u) => u.uncertain).length ?? 0;
  return (
    <section aria-labelledby="transcript" className="space-y-4">
      <div>
        <h2 id="transcript" className="text-xl font-semibold text-slate-900">
          Transcript
        </h2>
        <p className="text-sm text-slate-500" data-testid="transcriber">
          Transcriber: {transcriber} ({TRANSCRIBER_NOTES[transcriber]})
        </p>
      </div>
      {transcript === null ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          This session was analysed without a transcriber, so there is no transcript.
        </p>
      ) : (
        <>
          {codeCounts && (
            <ul aria-label="Codes in this session" className="flex flex-wrap gap-2">
              {UTTERANCE_CODES.map((code) => (
                <li key={code} className={`rounded-full px-3 py-1 text-sm ${CODE_TONES[code]}`} data-testid={`code-count-${code}`}>
                  {UTTERANCE_CODE_LABELS[code]}: <span className="font-semibold">{codeCounts[code]}</span>
                </li>
              ))}
            </ul>
          )}
          {transcript.length === 0 ? (
            <p className="text-slate-600">The transcriber found no words in this recording.</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                {transcript.length} {transcript.length === 1 ? 'utterance' : 'utterances'}. Click a time to hear that moment.
                {unclear > 0 &&
                  ` ${unclear} marked Unclear: the recogniser was unsure of their words; when too many are unclear, no score rests on the transcript.`}
              </p>
              <ol aria-label="Utterances" className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white">
                {transcript.map((utterance, index) => (
                  <li key={`${utterance.start}-${index}`} className="flex gap-4 p-3">
                    <button
                      type="button"
                      aria-label={`Play from ${clock(utterance.start)}`}
                      onClick={() => onSeek(utterance.start)}
                      className="h-fit shrink-0 rounded font-mono text-sm text-brand-700 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      {clock(utterance.start)}
                    </button>
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className={utterance.uncertain ? UNCLEAR_TONE : 'text-slate-900'}>
                        {utterance.uncertain && (
                          <>
                            <UnclearMarker />{' '}
                          </>
                        )}
                        {utterance.text}
                      </p>
                      {utterance.codes.length > 0 && (
                        <div className="flex flex-wrap gap-1">
                          {utterance.codes.map((code) => (
                            <CodeBadge key={code} code={code} />
                          ))}
                        </div>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </section>
  );
}
