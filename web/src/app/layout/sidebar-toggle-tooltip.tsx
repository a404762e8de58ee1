import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { SidebarToggleButton } from './sidebar-toggle';

/** The collapse button with its tooltip (docs/product-spec.md §9 timings), the only tooltip of the app shell. */
export default function SidebarToggleWithTooltip({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <TooltipProvider>
      <Tooltip content={collapsed ? 'Keep sidebar open' : 'Collapse sidebar'}>
        <SidebarToggleButton collapsed={collapsed} onToggle={onToggle} />
      </Tooltip>
    </TooltipProvider>
  );
}
