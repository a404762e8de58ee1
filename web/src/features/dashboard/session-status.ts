import type { CoachingSessionDto, ProcessingStatus } from '@touchline/shared';

/** The words the coach reads for each processing status (the filter of the sessions list offers these). */
export const STATUS_LABELS: Record<ProcessingStatus, string> = {
  pending: 'Waiting for analysis',
  processing: 'Analysing',
  completed: 'Analysed',
  failed: 'Analysis failed',
};

/** Where one session stands, as a badge: an open upload comes before any analysis. */
export function statusOf(session: Pick<CoachingSessionDto, 'uploadedAt' | 'processingStatus' | 'analysisProgress'>): { label: string; tone: string } {
  if (!session.uploadedAt) return { label: 'Upload not finished', tone: 'bg-amber-100 text-amber-800' };
  switch (session.processingStatus) {
    case 'pending':
      return { label: STATUS_LABELS.pending, tone: 'bg-slate-100 text-slate-700' };
    case 'processing':
      return { label: `${STATUS_LABELS.processing} (${session.analysisProgress}%)`, tone: 'bg-sky-100 text-sky-800' };
    case 'completed':
      return { label: STATUS_LABELS.completed, tone: 'bg-emerald-100 text-emerald-800' };
    case 'failed':
      return { label: STATUS_LABELS.failed, tone: 'bg-red-100 text-red-800' };
  }
}
