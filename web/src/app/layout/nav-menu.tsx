import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, CircleHelp, Home, LayoutDashboard, Tag, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAuthStore } from '@/features/auth/stores/auth-store';
// Plain class joining: these classes never conflict, so tailwind-merge (cn) stays out of the first load.
import { clsx } from 'clsx';
import { paths } from '@/config/paths';
import { dashboardItems, helpItems, type NavItem } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100',
  );

function TopLink({ to, label, icon: Icon, compact, onNavigate }: { to: string; label: string; icon: LucideIcon; compact: boolean; onNavigate?: () => void }) {
  return (
    <NavLink to={to} end className={linkClass} onClick={onNavigate} aria-label={compact ? label : undefined}>
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      <span className={clsx(compact && 'sr-only')}>{label}</span>
    </NavLink>
  );
}

function Group({
  value,
  label,
  icon: Icon,
  items,
  compact,
  onNavigate,
}: {
  value: string;
  label: string;
  icon: LucideIcon;
  items: NavItem[];
  compact: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Header>
        <Accordion.Trigger
          aria-label={compact ? label : undefined}
          className="group flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <Icon className="h-5 w-5 shrink-0" aria-hidden />
          <span className={clsx('flex-1 text-left', compact && 'sr-only')}>{label}</span>
          {!compact && <ChevronDown className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden />}
        </Accordion.Trigger>
      </Accordion.Header>
      {!compact && (
        <Accordion.Content>
          <ul className="mt-1 space-y-1 pl-8">
            {items.map((item) => (
              <li key={item.to + item.label}>
                <NavLink to={item.to} className={linkClass} onClick={onNavigate}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </Accordion.Content>
      )}
    </Accordion.Item>
  );
}

/**
 * Sidebar entries of docs/product-spec.md §2: Home, the Dashboard accordion (by plan and role), Pricing, the Help accordion.
 * Visitors have no plan, so they see no Dashboard entry; they get Login and Start Free Trial instead.
 */
export function NavMenu({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const user = useAuthStore((s) => s.user);
  const { pathname } = useLocation();
  const current = pathname.startsWith('/dashboard') ? 'dashboard' : pathname.startsWith('/help') ? 'help' : null;
  const [open, setOpen] = useState<string[]>(current ? [current] : []);
  // The group of the page being shown opens when the page changes; groups opened by hand stay open.
  useEffect(() => {
    if (current) setOpen((groups) => (groups.includes(current) ? groups : [...groups, current]));
  }, [current]);

  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      <TopLink to={paths.home} label="Home" icon={Home} compact={compact} onNavigate={onNavigate} />
      <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="flex flex-col gap-1">
        {user && <Group value="dashboard" label="Dashboard" icon={LayoutDashboard} items={dashboardItems(user)} compact={compact} onNavigate={onNavigate} />}
        <TopLink to={paths.pricing} label="Pricing" icon={Tag} compact={compact} onNavigate={onNavigate} />
        <Group value="help" label="Help" icon={CircleHelp} items={helpItems} compact={compact} onNavigate={onNavigate} />
      </Accordion.Root>
    </nav>
  );
}
