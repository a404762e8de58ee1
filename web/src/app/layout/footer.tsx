import { Link } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { COPYRIGHT_YEAR } from '@/config/constants';

const quickLinks = [
  { label: 'Home', to: paths.home },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Demo', to: paths.demo },
  { label: 'Help & Support', to: paths.faq },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-8">
        <div>
          <p className="text-lg font-bold text-slate-900">Touchline</p>
          <p className="mt-2 text-sm text-slate-600">An AI-powered coaching analytics platform that gives intelligent session analysis.</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold text-slate-900">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-600 hover:text-brand-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${env.supportEmail}`} className="text-slate-600 hover:text-brand-700">
                {env.supportEmail}
              </a>
            </li>
            <li>
              <Link to={paths.contact} className="text-slate-600 hover:text-brand-700">
                Contact page
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-4 text-xs text-slate-500 sm:flex-row sm:justify-between sm:px-8">
          <p>© {COPYRIGHT_YEAR} Touchline. All rights reserved.</p>
          <p className="flex gap-4">
            <Link to={paths.privacy} className="hover:text-brand-700">
              Privacy Policy
            </Link>
            <Link to={paths.terms} className="hover:text-brand-700">
              Terms &amp; Conditions
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
