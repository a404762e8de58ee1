import { QueryClientProvider } from '@tanstack/react-query';
import type { UserDto } from '@touchline/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { buildRoutes } from '@/app/router';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { createQueryClient } from '@/lib/query-client';

export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: '6c1b8f0e-8f5e-4a44-9d6c-0f6ad1c9d001',
    identityId: 'sub-1',
    username: 'alex',
    email: 'alex@club.example',
    plan: 'Free Trial',
    eliteRole: null,
    requestedPlan: null,
    notice: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Renders the real route table at `path` with the auth store set as a signed-in (or visiting) user. */
export function renderApp(path: string, user: UserDto | null = null) {
  useAuthStore.setState({ user, isInitialized: true });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}
