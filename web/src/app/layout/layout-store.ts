import { create } from 'zustand';

/** Client-only layout state: whether the desktop sidebar is collapsed. Not persisted. */
interface LayoutState {
  sidebarCollapsed: boolean;
  toggleSidebar(): void;
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  sidebarCollapsed: false,
  toggleSidebar: () => set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed })),
}));
