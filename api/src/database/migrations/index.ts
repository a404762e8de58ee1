import { CreateUsers1763700000000 } from './1763700000000-create-users';
import { Identity1763800000000 } from './1763800000000-identity';
import { CoachingSessions1763900000000 } from './1763900000000-coaching-sessions';
import { SessionAnalysis1764000000000 } from './1764000000000-session-analysis';
import { CoachingReport1764100000000 } from './1764100000000-coaching-report';
import { SessionStatusNotify1764200000000 } from './1764200000000-session-status-notify';
import { IdentitySignupProfile1764210000000 } from './1764210000000-identity-signup-profile';
import { FailureRetryable1764250000000 } from './1764250000000-failure-retryable';
import { CoachingGoals1764260000000 } from './1764260000000-coaching-goals';
import { AnalysisCodeCounts1764300000000 } from './1764300000000-analysis-code-counts';
import { PlanCatalogue1764400000000 } from './1764400000000-plan-catalogue';
import { ReviewLinks1764500000000 } from './1764500000000-review-links';
import { SupportRequests1764600000000 } from './1764600000000-support-requests';
import { SquadRoster1764800000000 } from './1764800000000-squad-roster';
import { Teams1764900000000 } from './1764900000000-teams';
import { TeamPreviousPlanStart1764910000000 } from './1764910000000-team-previous-plan-start';
import { TeamMembershipFollowsPlan1764920000000 } from './1764920000000-team-membership-follows-plan';
import { Billing1765100000000 } from './1765100000000-billing';
import { PlanStartNotify1765200000000 } from './1765200000000-plan-start-notify';
import { TeamClosesWithSubscription1765300000000 } from './1765300000000-team-closes-with-subscription';
import { RecordingSeconds1765400000000 } from './1765400000000-recording-seconds';
import { TeamSquad1765500000000 } from './1765500000000-team-squad';
import { WhisperTranscriber1765600000000 } from './1765600000000-whisper-transcriber';
import { PlanRequests1765700000000 } from './1765700000000-plan-requests';
import { AccountNotice1765800000000 } from './1765800000000-account-notice';
import { ThrottleAttempts1765900000000 } from './1765900000000-throttle-attempts';
import { JobHolders1765910000000 } from './1765910000000-job-holders';
import { AnalysisWaiting1766000000000 } from './1766000000000-analysis-waiting';
import { FederationScale1766100000000 } from './1766100000000-federation-scale';

/** Every migration, in order. Listed explicitly so compiled and source runs see the same set. */
export const migrations = [
  CreateUsers1763700000000,
  Identity1763800000000,
  CoachingSessions1763900000000,
  SessionAnalysis1764000000000,
  CoachingReport1764100000000,
  SessionStatusNotify1764200000000,
  IdentitySignupProfile1764210000000,
  FailureRetryable1764250000000,
  CoachingGoals1764260000000,
  AnalysisCodeCounts1764300000000,
  PlanCatalogue1764400000000,
  ReviewLinks1764500000000,
  SupportRequests1764600000000,
  SquadRoster1764800000000,
  Teams1764900000000,
  TeamPreviousPlanStart1764910000000,
  TeamMembershipFollowsPlan1764920000000,
  Billing1765100000000,
  PlanStartNotify1765200000000,
  TeamClosesWithSubscription1765300000000,
  RecordingSeconds1765400000000,
  TeamSquad1765500000000,
  WhisperTranscriber1765600000000,
  PlanRequests1765700000000,
  AccountNotice1765800000000,
  ThrottleAttempts1765900000000,
  JobHolders1765910000000,
  AnalysisWaiting1766000000000,
  FederationScale1766100000000,
];
