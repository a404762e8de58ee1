import { useLocation } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { HelpHtml } from '../components/help-html';
import { AssistantOrSupport } from '../components/more-help';
import { faqEntries } from '../help-content';
import { faqAnswerHtml } from '../help-html';
import { useScrollToHash } from '../use-scroll-to-hash';

export default function FaqScreen() {
  const { hash } = useLocation();
  const opened = decodeURIComponent(hash.slice(1));
  useScrollToHash(true);
  return (
    <Page
      title="Frequently asked questions"
      lead={
        <>
          Short answers, each with a link to the guide that explains more. Not here? Ask the <AssistantOrSupport />.
        </>
      }
    >
      <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {faqEntries.map(({ heading, anchor }) => (
          // A deep link (/help/faq#which-files-can-i-upload) opens its question.
          <details key={anchor} id={anchor} open={anchor === opened || undefined} className="group scroll-mt-24 p-5">
            <summary className="cursor-pointer font-medium text-slate-900">{heading}</summary>
            <div className="mt-3 text-sm">
              <HelpHtml html={faqAnswerHtml(anchor)} />
            </div>
          </details>
        ))}
      </div>
    </Page>
  );
}
