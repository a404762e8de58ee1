import type { ReviewCommentDto } from '@touchline/shared';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 12, 18, minute)).toISOString();

/** The sample review of the professional external review demo: read-only, pinned to moments of DEMO_SCRIPT. */
export const DEMO_COMMENTS: ReviewCommentDto[] = [
  {
    id: '5d1c2a8e-0001-4000-8000-000000000001',
    parentId: null,
    authorName: 'Jordan (coach educator)',
    body: 'Instruction while the ball is live. Try saying this at the next stoppage, when they can take it in.',
    startSeconds: 9,
    endSeconds: 12,
    resolvedAt: null,
    createdAt: at(1),
    linkLabel: null,
  },
  {
    id: '5d1c2a8e-0001-4000-8000-000000000002',
    parentId: null,
    authorName: 'Jordan (coach educator)',
    body: 'A good open question. Give them three seconds before you answer it yourself.',
    startSeconds: 17,
    endSeconds: null,
    resolvedAt: null,
    createdAt: at(2),
    linkLabel: null,
  },
  {
    id: '5d1c2a8e-0001-4000-8000-000000000003',
    parentId: '5d1c2a8e-0001-4000-8000-000000000002',
    authorName: 'Jordan (coach educator)',
    body: 'And the second question at 0:31 builds on it nicely.',
    startSeconds: 17,
    endSeconds: null,
    resolvedAt: null,
    createdAt: at(3),
    linkLabel: null,
  },
  {
    id: '5d1c2a8e-0001-4000-8000-000000000004',
    parentId: null,
    authorName: 'Jordan (coach educator)',
    body: 'Praise with a name and a reason: keep doing this.',
    startSeconds: 47,
    endSeconds: null,
    resolvedAt: at(20),
    createdAt: at(4),
    linkLabel: null,
  },
];
