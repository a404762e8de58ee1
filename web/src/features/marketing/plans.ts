import type { SignupPlan } from '@touchline/shared';

export interface PlanDescription {
  name: SignupPlan;
  summary: string;
  features: string[];
  highlighted?: boolean;
}

/** What each plan opens up in the product (the dashboard entries of docs/product-spec.md §2 and the team roles). */
export const planDescriptions: PlanDescription[] = [
  {
    name: 'Free Trial',
    summary: 'Try session analysis on your own coaching.',
    features: ['Upload audio or video of your sessions', 'Session overview and reports', 'Compare two sessions side by side'],
  },
  {
    name: 'Coach',
    summary: 'For the coach who reviews every session.',
    features: ['Everything in Free Trial', 'Development view of your skills over time', 'Subscription management'],
  },
  {
    name: 'Coach Plus',
    summary: 'More depth for the ambitious coach.',
    features: ['Everything in Coach', 'Scores for technical, tactical, communication, management and engagement skills', 'Coaching style insight (Hands-off or Balanced)'],
    highlighted: true,
  },
  {
    name: 'Elite',
    summary: 'For clubs: a team of coaches with their own admin.',
    features: ['Elite Admin: team overview, coach management and team sessions', 'Elite Coach: the full Coach Plus experience', 'Invite coaches to your club'],
  },
  {
    name: 'Pro',
    summary: 'Professional external review of your sessions.',
    features: ['Session overview', 'Share a session with an external reviewer by a private link', 'Reviewer feedback on your coaching'],
  },
  {
    name: 'Goalkeeping Plus',
    summary: 'Built for goalkeeping coaches.',
    features: ['Session overview', 'Analysis of goalkeeping sessions', 'Subscription management'],
  },
];
