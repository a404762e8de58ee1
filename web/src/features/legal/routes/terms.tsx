import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';
import { env } from '@/config/env';

export default function TermsScreen() {
  return (
    <Page title="Terms & Conditions" lead="The terms under which your club provides Touchline to you.">
      <Prose>
        <h2>1. Who provides the service</h2>
        <p>
          Touchline is installed and operated by your club on servers the club controls. The club is the provider of the service and the controller of the data
          you put into it. Questions about these terms go to {env.supportEmail}.
        </p>
        <h2>2. Your account</h2>
        <p>
          You need an account to upload sessions. Keep your password to yourself; you are responsible for what happens under your account. Tell the club at once
          if you believe someone else has used it.
        </p>
        <h2>3. What you upload</h2>
        <ul>
          <li>Upload only recordings you are entitled to make and share, with the consent your club requires from players, parents and staff.</li>
          <li>You keep the rights to your recordings. You allow the club to store and analyse them to give you the service.</li>
          <li>Do not upload anything unlawful, or anything unrelated to coaching.</li>
        </ul>
        <h2>4. Analysis</h2>
        <p>
          Session analysis is produced automatically. It is a tool for reflection, not a judgement of you as a coach, and it can be wrong. Decisions about
          coaches and players must not rest on it alone.
        </p>
        <h2>5. Plans and team accounts</h2>
        <p>
          Your plan decides which parts of the product you can use. On the Elite plan a team admin can invite coaches, manage them and see the team's sessions.
        </p>
        <h2>6. Ending your account</h2>
        <p>
          You may ask the club to close your account at any time. The club may suspend an account that breaks these terms. When an account is closed its
          recordings and analyses are deleted.
        </p>
        <h2>7. Changes</h2>
        <p>The club may change these terms and will tell you of material changes before they take effect.</p>
      </Prose>
    </Page>
  );
}
