import { CONTACT_LIMITS, CONTACT_TOPICS, HELP_PATHS, type ContactRequestDto, type ContactTopic } from '@touchline/shared';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { useViewer } from '@/components/layout/viewer';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { inputClass, TextField } from '@/components/ui/text-field';
import { env } from '@/config/env';
import { readApiError } from '@/lib/api-client';
import { useSendContact } from '../api/help-api';

function Sent({ answer }: { answer: ContactRequestDto }) {
  return (
    <div role="status" className="max-w-2xl rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-slate-800">
      <p className="font-medium">{answer.message}</p>
      <p className="mt-2 text-sm text-slate-600">
        Keep the reference <strong>{answer.reference}</strong>: support answers by email, and the reference finds your message.
      </p>
    </div>
  );
}

export default function ContactScreen() {
  const viewer = useViewer();
  // Signed-in coaches find their name and address filled in.
  const [name, setName] = useState(viewer?.username ?? '');
  const [email, setEmail] = useState(viewer?.email ?? '');
  const [topic, setTopic] = useState<ContactTopic | ''>('');
  const [message, setMessage] = useState('');
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useSendContact();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!topic) return setProblem('Please choose a topic.');
    if (message.trim().length < CONTACT_LIMITS.messageMinLength) return setProblem(`Please write at least ${CONTACT_LIMITS.messageMinLength} characters.`);
    setProblem(null);
    try {
      await send.mutateAsync({ name: name.trim(), email: email.trim(), topic, message: message.trim(), website });
    } catch (error) {
      setProblem(readApiError(error)?.message ?? 'Your message could not be sent right now. Please try again later.');
    }
  };

  return (
    <Page title="Contact" lead="Questions, problems or ideas: your club's support team reads every message.">
      <div className="flex flex-col gap-10 lg:flex-row">
        {send.data ? (
          <Sent answer={send.data} />
        ) : (
          <form onSubmit={submit} className="max-w-2xl flex-1 space-y-4">
            <FormAlert>{problem}</FormAlert>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Name"
                required
                maxLength={CONTACT_LIMITS.nameMaxLength}
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <TextField
                label="Email"
                type="email"
                required
                maxLength={CONTACT_LIMITS.emailMaxLength}
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="contact-topic" className="block text-sm font-medium text-slate-800">
                Topic
              </label>
              <select id="contact-topic" required className={inputClass} value={topic} onChange={(e) => setTopic(e.target.value as ContactTopic)}>
                <option value="" disabled>
                  Choose a topic
                </option>
                {CONTACT_TOPICS.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="contact-message" className="block text-sm font-medium text-slate-800">
                Message
              </label>
              <textarea
                id="contact-message"
                required
                rows={7}
                minLength={CONTACT_LIMITS.messageMinLength}
                maxLength={CONTACT_LIMITS.messageMaxLength}
                className={`${inputClass} h-auto py-2`}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
              <p className="mt-1 text-xs text-slate-600">
                For a problem with a session, include its title and when you uploaded it. Please do not attach recordings: they are already on the server.
              </p>
            </div>
            {/* Hidden from people and from screen readers; bots that fill every field in are dropped by the server. */}
            <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
            </div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send message'}
            </Button>
          </form>
        )}
        <aside className="space-y-4 lg:w-72">
          <a
            href={`mailto:${env.supportEmail}`}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-5 text-slate-900 hover:border-brand-500"
          >
            <Mail className="h-6 w-6 text-brand-600" aria-hidden />
            <span>
              <span className="block text-sm text-slate-500">Email support</span>
              <span className="block font-medium">{env.supportEmail}</span>
            </span>
          </a>
          <p className="text-sm text-slate-600">
            Many answers are already in the{' '}
            <Link to={HELP_PATHS.faq} className="text-brand-700 underline">
              FAQ
            </Link>{' '}
            and the{' '}
            <Link to={HELP_PATHS.guides} className="text-brand-700 underline">
              guides
            </Link>
            .
          </p>
        </aside>
      </div>
    </Page>
  );
}
