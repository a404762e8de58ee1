import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { lazy, Suspense, type ComponentPropsWithRef, type MouseEvent } from 'react';

interface ToggleProps {
  collapsed: boolean;
  onToggle: () => void;
}

const SidebarToggleWithTooltip = lazy(() => import('./sidebar-toggle-tooltip'));

/** The sidebar's collapse button, usable at once; its tooltip follows with the tooltip library's own chunk. */
export function SidebarToggle(props: ToggleProps) {
  return (
    <Suspense fallback={<SidebarToggleButton {...props} />}>
      <SidebarToggleWithTooltip {...props} />
    </Suspense>
  );
}

/** The button itself; a tooltip trigger wrapping it (asChild) passes its ref and handlers through `rest`. */
export function SidebarToggleButton({ collapsed, onToggle, onClick, ...rest }: ToggleProps & ComponentPropsWithRef<'button'>) {
  const label = collapsed ? 'Keep sidebar open' : 'Collapse sidebar';
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    onToggle();
  };
  return (
    <button type="button" {...rest} onClick={click} aria-label={label} className="rounded-md p-2 text-slate-500 hover:bg-slate-100">
      {collapsed ? <PanelLeftOpen className="h-5 w-5" aria-hidden /> : <PanelLeftClose className="h-5 w-5" aria-hidden />}
    </button>
  );
}
