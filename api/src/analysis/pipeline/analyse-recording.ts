import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { formatMinutes, SESSION_MESSAGES, type TranscriberName } from '@touchline/shared';
import { DecodeError, decodeToPcm, SAMPLE_RATE } from './audio-decoder';
import { assessSession, transcriptionSpans, utterancesOf, type CoachingAssessment } from '../rubric/coaching-report';
import { probeDurationSeconds } from './probe';
import { round } from '../../common';
import type { Rubric } from '../rubric/rubric';
import { FRAME_SECONDS, SileroVad } from './silero-vad';
import { SpeechLevels } from './speech-levels';
import { speechSegments, type Segment } from './speech-segments';
import { talkMetrics } from './talk-metrics';
import { finalRise, pitchTrack } from './prosody';
import { samplesOfSpan, toPcm16 } from './transcription/pcm';
import type { Recognised, Transcriber } from './transcription/transcriber';

/** The share of the progress decoding takes when a transcriber follows it. */
const DECODE_SHARE_WITH_TRANSCRIBER = 0.4;

export interface AnalyseOptions {
  rubric: Rubric;
  transcriber: Transcriber | null;
  /** The coach's squad: the first names the coding detects. */
  squad?: string[];
  maxRecordingMinutes: number;
  /** The programs that decode and probe the recording (AnalysisSettings); `ffmpeg` and `ffprobe` on PATH unless given. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** The share done, from 0 to 1. */
  onProgress?: (done: number) => Promise<void>;
  /** Told when the transcription starts and stops waiting for its recogniser to be installed (TranscribeOptions). */
  onWaiting?: (waiting: boolean) => Promise<void>;
}

export interface RecordingAnalysis extends CoachingAssessment {
  segments: Segment[];
  transcriber: TranscriberName;
  /** Per coded utterance (before sentence cuts), how far its pitch ends above its level in semitones; null without a transcriber. */
  rises: (number | null)[] | null;
}

/** Read past an utterance's end for the pitch track: the last syllable's voicing fades out there. */
const PITCH_TAIL_SECONDS = 0.1;

/**
 * The whole analysis of one recording (a file path or a URL that serves Range requests): decode, voice
 * activity, talk metrics, then with a transcriber the coded transcript, and the style and scores from the
 * rubric. Throws DecodeError, with a reason a coach reads, for a recording that cannot be analysed.
 */
export async function analyseRecording(source: string, options: AnalyseOptions): Promise<RecordingAnalysis> {
  const { rubric, transcriber } = options;
  const onProgress = options.onProgress ?? (async () => undefined);
  const work = transcriber ? await mkdtemp(path.join(tmpdir(), 'touchline-analysis-')) : null;
  try {
    // Decoding and voice activity take the first part of the progress; transcription, when there is one, the rest.
    const decodeShare = transcriber ? DECODE_SHARE_WITH_TRANSCRIBER : 1;
    const { seconds, segments, pcmFile } = await decode(source, work, options, (done) => onProgress(done * decodeShare));
    const gap = rubric.segmentation.intervention_gap_seconds.value;
    const metrics = talkMetrics(segments, seconds, gap);
    let utterances: Segment[] | null = null;
    let texts: Recognised[] | null = null;
    let rises: (number | null)[] | null = null;
    if (transcriber && pcmFile) {
      utterances = utterancesOf(segments);
      const spans = transcriptionSpans(utterances, seconds);
      texts = await transcriber.transcribe(pcmFile, spans, {
        onProgress: (done) => onProgress(decodeShare + done * (1 - decodeShare)),
        vocabulary: options.squad ?? [],
        onWaiting: options.onWaiting,
      });
      rises = [];
      for (const u of utterances)
        rises.push(finalRise(pitchTrack(await samplesOfSpan(pcmFile, { start: u.start, end: Math.min(seconds, u.end + PITCH_TAIL_SECONDS) }))));
    }
    return {
      ...assessSession(rubric, metrics, utterances, texts, options.squad ?? [], rises ?? []),
      segments,
      transcriber: transcriber?.name ?? 'none',
      rises,
    };
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}

/**
 * Decodes the recording and finds the coach's speech; with a `work` folder, also keeps the PCM there for the
 * transcriber. Refuses recordings longer than the limit, from the container's duration when it states one
 * and while decoding when it does not.
 */
async function decode(source: string, work: string | null, options: AnalyseOptions, onProgress: (done: number) => Promise<void>) {
  const maxMinutes = options.maxRecordingMinutes;
  const limitSeconds = maxMinutes * 60;
  const tooLong = () => new DecodeError(SESSION_MESSAGES.tooLong(formatMinutes(maxMinutes)));
  const expectedSeconds = await probeDurationSeconds(source, options.ffprobePath).catch(() => null);
  if (expectedSeconds !== null && expectedSeconds > limitSeconds) throw tooLong();

  const vad = await SileroVad.create();
  const levels = new SpeechLevels();
  const pcmFile = work ? path.join(work, 'speech.raw') : null;
  const pcm = pcmFile ? createWriteStream(pcmFile) : null;
  let decoded = 0;
  try {
    const samples = await decodeToPcm(
      source,
      async (piece) => {
        decoded += piece.length;
        if (decoded > limitSeconds * SAMPLE_RATE) throw tooLong();
        if (pcm && !pcm.write(toPcm16(piece))) await once(pcm, 'drain');
        levels.push(piece);
        await vad.push(piece);
        if (expectedSeconds) await onProgress(Math.min(1, decoded / SAMPLE_RATE / expectedSeconds));
      },
      options.ffmpegPath,
    );
    await vad.flush();
    if (pcm) await new Promise<void>((resolve, reject) => pcm.end((error?: Error | null) => (error ? reject(error) : resolve())));
    const segments = speechSegments(vad.probabilities, FRAME_SECONDS, undefined, { levels: levels.levels }).map((s) => ({
      start: round(s.start),
      end: round(s.end),
    }));
    return { seconds: samples / SAMPLE_RATE, segments, pcmFile };
  } finally {
    pcm?.destroy();
  }
}
