import { useState } from 'react';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import { useLayoutStore } from './layout-store';
import { NavMenu } from './nav-menu';
import { SidebarToggle } from './sidebar-toggle';

/**
 * The fixed desktop sidebar: 72 units wide, 20 when collapsed. A collapsed sidebar opens over the page
 * while the pointer is on it, so its labels can be read without changing the page's layout.
 */
export function Sidebar() {
  const collapsed = useLayoutStore((s) => s.sidebarCollapsed);
  const toggle = useLayoutStore((s) => s.toggleSidebar);
  const [hovered, setHovered] = useState(false);
  const expanded = !collapsed || hovered;

  return (
    <aside
      data-testid="sidebar"
      data-state={expanded ? 'expanded' : 'collapsed'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      className={clsx(
        'fixed inset-y-0 left-0 z-40 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex',
        expanded ? 'w-72' : 'w-20',
        collapsed && hovered && 'shadow-xl',
      )}
    >
      <div className="flex h-16 items-center justify-between gap-2 px-4">
        <Brand compact={!expanded} />
        {expanded && <SidebarToggle collapsed={collapsed} onToggle={toggle} />}
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-2">
        <NavMenu compact={!expanded} />
      </div>
      <div className="border-t border-slate-200 p-3">
        <AccountMenu compact={!expanded} />
      </div>
    </aside>
  );
}
