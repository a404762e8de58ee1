import type { CoachingSessionDto, ProcessingStatus } from '@touchline/shared';

/** What the sessions list says under a session whose analysis waits for the transcriber (the badge says it short). */
export const TRANSCRIBER_INSTALLING = 'The transcriber is still being installed on the server: the analysis goes on by itself once it is ready.';

/** The words the coach reads for each processing status (the filter of the sessions list offers these). */
export const STATUS_LABELS: Record<ProcessingStatus, string> = {
  pending: 'Waiting for analysis',
  processing: 'Analysing',
  completed: 'Analysed',
  failed: 'Analysis failed',
};

const TONES: Record<ProcessingStatus, string> = {
  pending: 'bg-slate-100 text-slate-700',
  processing: 'bg-sky-100 text-sky-800',
  completed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

/** Where one session stands, as a badge: an open upload comes before any analysis, a wait for the transcriber before progress. */
export function statusOf(session: Pick<CoachingSessionDto, 'uploadedAt' | 'processingStatus' | 'analysisProgress' | 'waitingFor'>): {
  label: string;
  tone: string;
} {
  if (!session.uploadedAt) return { label: 'Upload not finished', tone: 'bg-amber-100 text-amber-800' };
  const status = session.processingStatus;
  if (status === 'processing' && session.waitingFor === 'transcriber') return { label: 'Waiting for the transcriber', tone: TONES.pending };
  const label = status === 'processing' ? `${STATUS_LABELS.processing} (${session.analysisProgress}%)` : STATUS_LABELS[status];
  return { label, tone: TONES[status] };
}
