import { Activity, BarChart3, Mic, Upload, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths, signupWithPlan } from '@/config/paths';
import { useViewer } from '@/components/layout/viewer';

const highlights = [
  { icon: Mic, title: 'How much you talk', text: 'Talk time, silences and the rhythm of your interventions across the session.' },
  { icon: Activity, title: 'How you intervene', text: 'Instruction, questions, praise and management: the coach behaviours research has studied for decades.' },
  { icon: BarChart3, title: 'Skill scores', text: 'Technical, tactical, communication, management and engagement, each scored and levelled.' },
  { icon: Users, title: 'For whole clubs', text: 'Elite clubs add team admins who invite coaches and follow their development.' },
];

export default function HomeScreen() {
  const signedIn = useViewer() !== null;
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:px-8 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Coaching analytics for soccer coaches</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Others offer session plans. We deliver soccer insight.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-600">
            Upload a recording of your coaching session and get an analysis of your coaching: how much you talk, how you intervene, how you score across five
            skill areas, and how that develops over time. It runs on your club's own servers, so recordings of your players never leave them.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* A coach who already has an account is offered the next step, not a trial. */}
            {signedIn ? (
              <Link to={paths.upload} className={buttonVariants({ size: 'lg' })}>
                <Upload className="h-5 w-5" aria-hidden /> Upload a session
              </Link>
            ) : (
              <Link to={signupWithPlan('Free Trial')} className={buttonVariants({ size: 'lg' })}>
                <Upload className="h-5 w-5" aria-hidden /> Start Free Trial
              </Link>
            )}
            <Link to={paths.pricing} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              See plans
            </Link>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-5xl px-4 py-16 sm:px-8">
        <h2 className="text-2xl font-bold text-slate-900">What you learn from every session</h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
              <Icon className="h-6 w-6 text-brand-600" aria-hidden />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
