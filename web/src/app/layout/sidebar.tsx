import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { AccountMenu } from './account-menu';
import { Brand } from './brand';
import { useLayoutStore } from './layout-store';
import { NavMenu } from './nav-menu';

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
      className={cn(
        'fixed inset-y-0 left-0 z-40 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex',
        expanded ? 'w-72' : 'w-20',
        collapsed && hovered && 'shadow-xl',
      )}
    >
      <div className="flex h-16 items-center justify-between gap-2 px-4">
        <Brand compact={!expanded} />
        {expanded && (
          <Tooltip content={collapsed ? 'Keep sidebar open' : 'Collapse sidebar'}>
            <button
              type="button"
              onClick={toggle}
              aria-label={collapsed ? 'Keep sidebar open' : 'Collapse sidebar'}
              className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
            >
              {collapsed ? <PanelLeftOpen className="h-5 w-5" aria-hidden /> : <PanelLeftClose className="h-5 w-5" aria-hidden />}
            </button>
          </Tooltip>
        )}
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
