import { Page } from '@/components/layout/page';
import { faqEntries } from '../faq-entries';

export default function FaqScreen() {
  return (
    <Page title="Frequently asked questions">
      <div className="max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {faqEntries.map(({ question, answer }) => (
          <details key={question} className="group p-5">
            <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">{question}</summary>
            <p className="mt-3 text-sm text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
    </Page>
  );
}
