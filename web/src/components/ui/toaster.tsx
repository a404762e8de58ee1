import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, useToasts } from './use-toast';
import { NOTIFICATIONS } from '@/config/constants';

/** The notification area: 5000 ms display, swipe right past 50 px to dismiss, F8 focuses it (docs/product-spec.md §9). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={NOTIFICATIONS.durationMs} swipeDirection={NOTIFICATIONS.swipeDirection} swipeThreshold={NOTIFICATIONS.swipeThresholdPx}>
      {toasts.map(({ id, title, description, variant = 'default', open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-[toast-swipe-out_150ms_ease-out]',
            variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[...NOTIFICATIONS.hotkey]}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
