import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

// The dialog library (about 12 KB of gzip JavaScript) comes when a page first asks, not with the page.
const AlertConfirmDialog = lazy(() => import('./alert-confirm-dialog'));

/**
 * Asks before something that cannot be undone: an alert dialog that keeps focus inside, starts on Cancel (the safe
 * choice), closes on Escape and gives focus back to the control that opened it (alert-confirm-dialog.tsx).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open);
  // Once opened, the dialog stays mounted, so it closes as Radix closes it (focus returned, animation played).
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <AlertConfirmDialog {...props} />
    </Suspense>
  );
}
