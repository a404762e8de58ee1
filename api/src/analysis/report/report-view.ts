import type { ReviewLinkFlags } from '@touchline/shared';

/** Who reads a session's report. */
export type ReportViewer = 'owner' | 'team admin' | 'external reviewer' | 'demo';

/** The terms a shared report was shared on, shown at its head (`ExternalReviewDto.review`). */
export type SharedTerms = ReviewLinkFlags & { label: string; expiresAt: string };

/**
 * What one reader of a report is shown. The report builder (`buildReport`) includes a part only where its view
 * says so, and the services that serve the recording and the review comments ask the same view.
 */
interface ViewRules {
  /**
   * The session's whole record (file name, size, content type, processing state, upload times), or only its id,
   * title, kind and date.
   */
  readonly sessionRecord: boolean;
  /** Which recogniser wrote the transcript and which rubric version scored it. */
  readonly provenance: boolean;
  readonly scores: boolean;
  /** The coded transcript and the counts of its codes. */
  readonly transcript: boolean;
  /** Whether the recording may be played: a media URL is signed for this reader. */
  readonly media: boolean;
  /** Which review comments the reader sees: every link's, those of the reader's own link, the demo's samples, or none. */
  readonly comments: 'every link' | 'own link' | 'samples' | 'none';
  /** Whether each comment names the link it came through, and so who else the session was shared with. */
  readonly linkLabels: boolean;
}

export interface OwnerView extends ViewRules {
  readonly viewer: 'owner';
}

/** A team admin reads a member's report as the member does, read-only, with whose it is. */
export interface TeamAdminView extends ViewRules {
  readonly viewer: 'team admin';
  readonly coach: { userId: string; username: string };
}

/** A report shared outside the coach's account: through a review link, or the public demo. */
export interface SharedView extends ViewRules {
  readonly viewer: 'external reviewer' | 'demo';
  readonly terms: SharedTerms;
}

export type ReportView = OwnerView | TeamAdminView | SharedView;

/** The coach reads everything of their own session. */
export const OWNER_VIEW: OwnerView = {
  viewer: 'owner',
  sessionRecord: true,
  provenance: true,
  scores: true,
  transcript: true,
  media: true,
  comments: 'every link',
  linkLabels: true,
};

/** A team admin reads a member's report and plays its recording; the member's review comments stay the member's. */
export function teamAdminView(coach: { userId: string; username: string }): TeamAdminView {
  return { ...OWNER_VIEW, viewer: 'team admin', comments: 'none', linkLabels: false, coach: { userId: coach.userId, username: coach.username } };
}

/**
 * A reviewer reads what the coach's link shares, on the link's terms: never the session's record, the provenance
 * of its analysis, or whom else the coach shared it with.
 */
export function externalReviewerView(link: ReviewLinkFlags & { label: string; expiresAt: Date }): SharedView {
  return {
    viewer: 'external reviewer',
    sessionRecord: false,
    provenance: false,
    scores: link.showScores,
    transcript: link.showTranscript,
    media: link.showMedia,
    comments: 'own link',
    linkLabels: false,
    terms: {
      label: link.label,
      expiresAt: link.expiresAt.toISOString(),
      showMedia: link.showMedia,
      showTranscript: link.showTranscript,
      showScores: link.showScores,
      allowDownload: link.allowDownload,
    },
  };
}

/** The public demo is shared as a reviewer with every part shown would see it, with sample comments; never downloaded. */
export const DEMO_VIEW: SharedView = {
  viewer: 'demo',
  sessionRecord: false,
  provenance: false,
  scores: true,
  transcript: true,
  media: true,
  comments: 'samples',
  linkLabels: false,
  terms: { label: 'Demo', expiresAt: '2099-12-31T23:59:59.000Z', showMedia: true, showTranscript: true, showScores: true, allowDownload: false },
};
