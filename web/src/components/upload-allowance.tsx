import { cn } from '@/lib/cn';
import { formatDayOfMonth } from '@/lib/format';
import { useUploadUsage } from '@/lib/sessions-api';

/**
 * This month's upload minutes against the plan's limit ("45 of 600 upload minutes used this month"). A recording
 * counts once analysed; nothing shows on a plan without a limit or while the figure is unknown.
 */
export function UploadAllowance({ className }: { className?: string }) {
  const usage = useUploadUsage();
  if (!usage.data || usage.data.limitMinutes === null) return null;
  const { usedMinutes, limitMinutes, resetsAt } = usage.data;
  const full = usedMinutes >= limitMinutes;
  return (
    <p className={cn('text-sm', full ? 'font-medium text-red-700' : 'text-slate-600', className)} data-testid="upload-allowance">
      {usedMinutes} of {limitMinutes} upload minutes used this month. {full ? 'Uploads open again' : 'The count starts again'} on {formatDayOfMonth(resetsAt)}.
    </p>
  );
}
