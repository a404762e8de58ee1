import { Page } from '@/components/layout/page';
import { Prose } from '@/components/layout/prose';

export default function GuidesScreen() {
  return (
    <Page title="Guides" lead="How to get a useful analysis from your sessions.">
      <Prose>
        <h2>Recording a session</h2>
        <ul>
          <li>Wear a clip-on or headset microphone if you can: the analysis listens for your voice, and a phone in your pocket hears mostly wind and rustle.</li>
          <li>Start recording before your first instruction and stop after your last; long stretches before and after the session distort talk-time figures.</li>
          <li>Video is welcome but not required. The analysis uses the sound track.</li>
          <li>Record with the consent your club requires from players, parents and staff.</li>
        </ul>
        <h2>Uploading</h2>
        <ul>
          <li>Give the session a title you will recognise later, such as the date and the theme.</li>
          <li>Big files upload in resumable pieces: you can pause and resume, and a dropped connection picks up where it stopped.</li>
        </ul>
        <h2>Reading your report</h2>
        <ul>
          <li>Talk time is the share of the session in which you were speaking. Neither a high nor a low share is good in itself; it depends on the session's aim.</li>
          <li>Interventions are your separate stretches of speech. Many short interventions and a few long ones tell different stories.</li>
          <li>The five skill scores are a starting point for reflection. Compare sessions with the same aim, and watch the trend rather than a single number.</li>
        </ul>
        <h2>For club admins (Elite)</h2>
        <ul>
          <li>Invite coaches from Coach Management; they join your team with the Elite Coach role.</li>
          <li>Team Sessions shows every session of your coaches, so you can plan development conversations.</li>
        </ul>
      </Prose>
    </Page>
  );
}
