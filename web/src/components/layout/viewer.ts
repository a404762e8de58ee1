import type { UserDto } from '@touchline/shared';
import { useOutletContext } from 'react-router-dom';

/** What the app's layout tells every screen about who is looking: features read it here, not from the auth feature. */
export interface ViewerContext {
  user: UserDto | null;
}

/** The signed-in user, or null for a visitor. */
export function useViewer(): UserDto | null {
  return useOutletContext<ViewerContext | undefined>()?.user ?? null;
}
