import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { env } from '@/config/env';

export default function PrivacyScreen() {
  return (
    <Page title="Privacy Policy" lead="What Touchline keeps about you, where, and why.">
      <Prose>
        <h2>Where your data lives</h2>
        <p>
          Touchline runs entirely on your club's own servers: its database, its file store, its sign-in service and its analysis. No recording, transcript or
          account detail is sent to an outside service unless your club configures one.
        </p>
        <h2>What we keep</h2>
        <ul>
          <li>Your account: username, email address, plan and, in a club team, your team role.</li>
          <li>Your sign-in: a password stored only as a one-way hash by the sign-in service.</li>
          <li>Your sessions: the recordings you upload, their titles, and the analysis made from them.</li>
          <li>Technical logs needed to run and secure the service, kept for a limited time.</li>
        </ul>
        <h2>Why</h2>
        <p>
          To give you the service you asked for: to sign you in, to store and analyse your sessions, and to show you the results. We do not sell data and do not
          use it for advertising.
        </p>
        <h2>Who can see it</h2>
        <p>
          You see your own sessions. On the Elite plan your team admin sees the team's sessions. A session you share for an external review is visible to
          whoever holds its private link until you withdraw it.
        </p>
        <h2>Your rights</h2>
        <p>
          You can ask for a copy of your data, for corrections, and for deletion of your account and recordings. Write to{' '}
          <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
        </p>
        <h2>Browser storage</h2>
        <p>
          The app keeps your signed-in profile in your browser's local storage (auth-storage) and, while you sign up, the details you entered
          (pendingRegistration). It uses no advertising or tracking cookies.
        </p>
      </Prose>
    </Page>
  );
}
