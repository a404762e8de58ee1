import { HELP_PATHS } from '@touchline/shared';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { HelpHtml } from '../components/help-html';
import { findGuide, guides } from '../help-content';
import { guideHtml } from '../help-html';
import { useScrollToHash } from '../use-scroll-to-hash';

export default function GuideScreen() {
  const { slug } = useParams();
  const guide = findGuide(slug);
  useScrollToHash(Boolean(guide));
  useEffect(() => {
    if (guide) document.title = `${guide.title} · Touchline`;
  }, [guide]);
  if (!guide) return <Navigate to={paths.notFound} replace />;
  const at = guides.indexOf(guide);
  const next = guides[at + 1];
  return (
    <Page title={guide.title} lead={guide.summary}>
      <div className="flex flex-col gap-10 lg:flex-row-reverse">
        <nav aria-label="On this page" className="lg:w-56 lg:shrink-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
          <ul className="mt-2 space-y-1 text-sm">
            {guide.sections.map((section) => (
              <li key={section.anchor}>
                <a href={`#${section.anchor}`} className="text-slate-700 hover:text-brand-700">
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 flex-1">
          <HelpHtml html={guideHtml(guide.slug)} />
          <p className="mt-10 flex flex-wrap gap-4 text-sm">
            <Link to={HELP_PATHS.guides} className="text-brand-700 underline">
              All guides
            </Link>
            {next && (
              <Link to={next.url} className="text-brand-700 underline">
                Next: {next.title}
              </Link>
            )}
          </p>
        </article>
      </div>
    </Page>
  );
}
