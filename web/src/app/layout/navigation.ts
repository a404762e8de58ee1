import { isEliteAdmin, type AccessSubject } from '@touchline/shared';
import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  to: string;
}

const overview: NavItem = { label: 'Overview', to: paths.overview };
const sessions: NavItem = { label: 'Sessions', to: paths.sessions };
const compare: NavItem = { label: 'Compare', to: paths.compare };
const development: NavItem = { label: 'Development', to: paths.development };

/** The Dashboard accordion of docs/product-spec.md §2, by plan and Elite role. */
export function dashboardItems(user: AccessSubject): NavItem[] {
  switch (user.plan) {
    case 'Free Trial':
      return [overview, sessions, compare];
    case 'Coach':
    case 'Coach Plus':
      return [overview, sessions, compare, development];
    case 'Elite':
      return isEliteAdmin(user)
        ? [
            { label: 'Team Overview', to: paths.overview },
            sessions,
            { label: 'Coach Management', to: paths.management },
            { label: 'Team Sessions', to: paths.teamSessions },
          ]
        : [overview, sessions, compare, development];
    default:
      return [overview];
  }
}

export const helpItems: NavItem[] = [
  { label: 'AI Assistant', to: paths.chatbot },
  { label: 'Guides', to: paths.guides },
  { label: 'FAQ', to: paths.faq },
  { label: 'Contact', to: paths.contact },
];
