import type { ReactNode } from 'react';
import { Tooltip, TooltipProvider } from './tooltip';

/** A "Not scored" reason's tooltip: the tooltip library comes in this chunk, after the page (see not-scored.tsx). */
export default function ReasonTooltip({
  reason,
  open,
  onOpenChange,
  children,
}: {
  reason: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <TooltipProvider>
      <Tooltip content={reason} side="top" open={open} onOpenChange={onOpenChange}>
        {children}
      </Tooltip>
    </TooltipProvider>
  );
}
