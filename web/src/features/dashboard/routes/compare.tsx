import { COMPARE, SESSION_PAGE } from '@touchline/shared';
import { UploadCloud, X } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { readApiError } from '@/lib/api-client';
import { useCompare } from '../api/compare-api';
import { useSessionPage } from '../api/sessions-api';
import { CompareTable } from '../components/compare-table';
import { CompareTimelines } from '../components/compare-timelines';
import { SessionPicker } from '../components/session-picker';
import { compareSelectionSearch, readCompareSelection, toggleSession, type CompareSelection } from '../compare-selection';

/** `/dashboard/compare`: two to four analysed sessions side by side; the choice lives in the URL, so the page can be shared. */
export default function CompareScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const selection = readCompareSelection(new URLSearchParams(location.search));
  const analysed = useSessionPage({ status: 'completed', page: 1, pageSize: SESSION_PAGE.defaultSize });
  const compare = useCompare(selection.ids);
  // Written as it is (not through URLSearchParams), so the ids stay comma-separated in a link a coach shares.
  const update = (change: Partial<CompareSelection>, replace = false) => navigate({ search: compareSelectionSearch({ ...selection, ...change }) }, { replace });
  // Same query as the picker's (shared from the cache): names the chosen sessions before the comparison loads.
  const pickerPage = useSessionPage({ status: 'completed', search: selection.search, page: selection.page, pageSize: SESSION_PAGE.defaultSize });
  const titles = new Map([...(pickerPage.data?.items ?? []), ...(compare.data?.sessions.map((s) => s.session) ?? [])].map((s) => [s.id, s.title]));

  if (analysed.data && analysed.data.total < COMPARE.min) {
    return (
      <Page title="Compare" lead="Put your sessions side by side and see what changed.">
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="compare-empty">
          <p className="text-lg font-medium text-slate-900">Comparing needs at least two analysed sessions.</p>
          <p className="mt-2">
            You have {analysed.data.total === 0 ? 'none yet' : 'one so far'}. Upload another training session and, once it is analysed, compare it here.
          </p>
          <Link to={paths.upload} className={`${buttonVariants()} mt-4`}>
            <UploadCloud className="h-4 w-4" aria-hidden /> Upload a session
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Compare" lead="Put your sessions side by side and see what changed.">
      <div className="space-y-8">
        <SessionPicker
          selected={selection.ids}
          search={selection.search}
          page={selection.page}
          onToggle={(session) => update({ ids: toggleSession(selection.ids, session.id) })}
          onSearch={(search) => update({ search, page: 1 }, true)}
          onPage={(page) => update({ page })}
        />
        {selection.ids.length > 0 && (
          <ul aria-label="Chosen sessions" className="flex flex-wrap gap-2">
            {selection.ids.map((id) => (
              <li key={id} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900">
                {titles.get(id) ?? 'Session'}
                <button
                  type="button"
                  aria-label={`Remove ${titles.get(id) ?? 'this session'} from the comparison`}
                  onClick={() => update({ ids: selection.ids.filter((other) => other !== id) })}
                  className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        {selection.ids.length < COMPARE.min && (
          <p className="text-slate-600" data-testid="compare-prompt">
            Choose {selection.ids.length === 0 ? `at least ${COMPARE.min} sessions` : 'one more session'} to compare.
          </p>
        )}
        {selection.ids.length >= COMPARE.min && compare.isPending && <Spinner />}
        {selection.ids.length >= COMPARE.min && compare.isError && (
          <FormAlert>{readApiError(compare.error)?.message ?? 'The comparison could not be loaded. Please try again.'}</FormAlert>
        )}
        {selection.ids.length >= COMPARE.min && compare.data && (
          <div className={`space-y-8 ${compare.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={compare.isPlaceholderData}>
            <CompareTable compare={compare.data} />
            <CompareTimelines compare={compare.data} />
          </div>
        )}
      </div>
    </Page>
  );
}
