import { Mail } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { env } from '@/config/env';

export default function ContactScreen() {
  return (
    <Page title="Contact" lead="Questions, problems or ideas: your club's support team reads every message.">
      <a
        href={`mailto:${env.supportEmail}`}
        className="inline-flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-slate-900 hover:border-brand-500"
      >
        <Mail className="h-6 w-6 text-brand-600" aria-hidden />
        <span>
          <span className="block text-sm text-slate-500">Email support</span>
          <span className="block font-medium">{env.supportEmail}</span>
        </span>
      </a>
      <p className="mt-6 max-w-2xl text-sm text-slate-600">
        When you report a problem with a session, include the session's title and the time you uploaded it. Please do not
        send recordings by email; they are already on the server.
      </p>
    </Page>
  );
}
