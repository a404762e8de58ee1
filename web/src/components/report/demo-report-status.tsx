import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { readApiError } from '@/lib/api-client';

/** While the demo session's report loads, or why it did not: the Demo's and the Pro external review demo's. */
export function DemoReportStatus({ report }: { report: { isPending: boolean; isError: boolean; error: unknown } }) {
  return (
    <>
      {report.isPending && (
        <div className="flex items-center gap-3 text-slate-600" role="status">
          <Spinner /> Preparing the demo session…
        </div>
      )}
      {report.isError && <FormAlert>{readApiError(report.error)?.message ?? 'The demo could not be loaded. Please try again later.'}</FormAlert>}
    </>
  );
}
