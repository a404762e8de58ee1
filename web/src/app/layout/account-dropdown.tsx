import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { canManageSubscription, type UserDto } from '@touchline/shared';
import { ChevronsUpDown, CreditCard, LogOut, User } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { PlanBadge } from '@/components/ui/plan-badge';
import { logout } from '@/features/auth/auth-actions';
import { paths } from '@/config/paths';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/**
 * A signed-in user's menu (see AccountMenu). A chunk of its own: the menu library it needs is only
 * downloaded once someone is signed in, never by a visitor's first page.
 */
export default function AccountDropdown({ user, compact, onNavigate }: { user: UserDto; compact: boolean; onNavigate?: () => void }) {
  const navigate = useNavigate();

  return (
    <DropdownMenu.Root>
      {/* Named by what it shows plus "Account menu", so the name a voice user speaks matches the visible label. */}
      <DropdownMenu.Trigger
        aria-label={compact ? 'Account menu' : undefined}
        className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white" aria-hidden>
          {user.username.charAt(0).toUpperCase()}
        </span>
        {!compact && (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{user.username}</span>
              <span className="block truncate text-xs text-slate-500">{user.email}</span>
            </span>
            <span className="sr-only">Account menu</span>
            <ChevronsUpDown className="h-4 w-4 text-slate-400" aria-hidden />
          </>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={8} className="z-[60] w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <PlanBadge plan={user.plan} className="mt-2" />
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              onNavigate?.();
              navigate(paths.profile);
            }}
          >
            <User className="h-4 w-4" aria-hidden /> View Profile
          </DropdownMenu.Item>
          {canManageSubscription(user) && (
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                onNavigate?.();
                navigate(paths.subscription);
              }}
            >
              <CreditCard className="h-4 w-4" aria-hidden /> Subscription
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={async () => {
              // Leave the (possibly protected) page first, so the route guard does not treat the logout as a
              // visitor arriving at a protected route and send them to the login page.
              onNavigate?.();
              await navigate(paths.home);
              await logout();
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
