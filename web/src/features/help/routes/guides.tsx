import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { inputClass } from '@/components/ui/text-field';
import { useHelpSearch } from '../api/help-api';
import { AssistantOrSupport } from '../components/more-help';
import { guides } from '../help-content';

function SearchResults({ q }: { q: string }) {
  const { data, isPending, isError } = useHelpSearch(q);
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-sm text-red-700">The search is unavailable at the moment. Please try again later.</p>;
  if (data.length === 0) {
    return (
      <p className="text-slate-600">
        Nothing in the guides, the FAQ or the rubric matches "{q}". Try other words, ask the <AssistantOrSupport />.
      </p>
    );
  }
  return (
    <ul aria-label="Search results" className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {data.map((hit) => (
        <li key={hit.url} className="p-4">
          <Link to={hit.url} className="font-medium text-brand-700 underline">
            {hit.section || hit.title}
          </Link>
          <span className="ml-2 text-xs text-slate-500">{hit.kind === 'faq' ? 'FAQ' : hit.title}</span>
          <p className="mt-1 text-sm text-slate-600">{hit.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}

export default function GuidesScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  return (
    <Page title="Guides" lead="How to record, upload and read your sessions, and how to coach towards better scores.">
      <form
        role="search"
        className="mb-8 flex max-w-3xl gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(draft.trim() ? { q: draft.trim() } : {});
        }}
      >
        <label htmlFor="help-search" className="sr-only">
          Search the guides
        </label>
        <input
          id="help-search"
          type="search"
          className={`${inputClass} mt-0`}
          placeholder="Search the guides and FAQ, e.g. wind noise"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">
          <Search className="h-4 w-4" aria-hidden />
          Search
        </Button>
      </form>
      {q ? (
        <SearchResults q={q} />
      ) : (
        <ul className="grid max-w-4xl gap-4 sm:grid-cols-2">
          {guides.map((guide) => (
            <li key={guide.slug}>
              <Link to={guide.url} className="block h-full rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500">
                <span className="block font-semibold text-slate-900">{guide.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{guide.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
