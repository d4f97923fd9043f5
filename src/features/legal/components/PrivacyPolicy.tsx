import { Link } from 'wouter';
import { env } from '../../../lib/env';
import { TERMS_PATH } from '../../../lib/legal-paths';
import { LegalPage, LegalSection } from './LegalPage';

/**
 * The Privacy Policy. It describes what this code actually stores and shows (server/db/schema.ts,
 * docs/decisions.md, src/offline/): change it together with them.
 */
export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 23, 2026">
      <LegalSection title="In short">
        <p>
          Mingle helps you meet people at professional events. To do that it keeps your account, the profile you write, the events you join and who you want to
          meet. Other attendees of an event you join see your profile and your goal for that event. We do not sell your data and we do not show ads.
        </p>
      </LegalSection>

      <LegalSection title="What we store on our server">
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, first and last name, and when the account was created and last changed.
          </li>
          <li>
            <strong>Your profile:</strong> what you fill in: headline (job title), about text, location, picture, professional network link and phone number.
          </li>
          <li>
            <strong>Events:</strong> the events you join, when you joined and your goal for each; community events you create.
          </li>
          <li>
            <strong>Swipes and connections:</strong> whom you liked or passed at which event, and the connections made when a like is mutual. Your network feed
            records when a connection of yours joins an event.
          </li>
          <li>
            <strong>Your choices:</strong> your acceptance of these terms and this policy, and the optional e-mail permissions (product updates, event
            recommendations), each with the time you gave or withdrew it.
          </li>
          <li>
            <strong>A PRO subscription</strong>, if you take one: its status and period, and the payment provider&apos;s customer and subscription references.
            Card details go to the payment provider, never to us.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Sign-in and security records">
        <ul>
          <li>
            <strong>Sign-in codes</strong> are e-mailed to you and stored only as a salted hash. A code works once, for 10 minutes; expired codes are deleted
            after a day.
          </li>
          <li>
            <strong>Sessions:</strong> your browser keeps a random session id in a cookie; we store only a hash of it, with when it started and was last used. A
            session ends when you log out or after 30 days without use.
          </li>
          <li>
            <strong>Rate limits:</strong> to stop abuse we count code requests and wrong codes per e-mail address and per network (IP) address. These records
            are deleted after a day.
          </li>
          <li>
            <strong>Repeated requests:</strong> so that a swipe or goal sent twice over a bad connection counts once, we keep the answer to each such request
            for 30 days.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Who sees what">
        <ul>
          <li>
            <strong>Attendees of an event you join</strong> see your name, picture, headline, about text, location and your goal for that event, while they
            swipe through its attendees.
          </li>
          <li>
            <strong>Your connections</strong> (members with whom a like was mutual) also see your profile in their connections, which events you attend (on
            those events and in their feed) and the community events you create.
          </li>
          <li>Nobody is told that you passed on them. A like becomes visible to the other member only when it is mutual, as a connection.</li>
          <li>
            Your e-mail address and phone number are not shown to other members. We use your e-mail address to send your sign-in codes and, only if you asked
            for them, product and event e-mails.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="On your device">
        <p>To work at venues with poor network, the app keeps some data in your browser:</p>
        <ul>
          <li>
            <strong>Local storage:</strong> a copy of the screens&apos; data (events, attendees, your connections) so the app opens offline, your cookie choice,
            the page to return to after signing in, and which event tips you dismissed.
          </li>
          <li>
            <strong>IndexedDB:</strong> an outbox of swipes, undos and goal edits made offline, until the server confirms them.
          </li>
          <li>
            <strong>The app&apos;s caches:</strong> the app itself, recent answers of the server and photos (kept up to 30 days), so it starts without network.
          </li>
          <li>
            <strong>Cookies:</strong> the session cookie that keeps you signed in, and one that remembers whether the sidebar is collapsed (7 days).
          </li>
        </ul>
        <p>Logging out deletes the copy of your data and the outbox from this device; cached photos expire on their own.</p>
      </LegalSection>

      <LegalSection title="Cookies and analytics">
        <p>
          The session cookie is essential and needs no consent. Analytics load only after you choose &apos;Got it&apos; in the cookie banner; &apos;Essential
          only&apos; keeps them off.{' '}
          {env.analyticsSrc
            ? 'This service uses an analytics script, served from its own address, to learn how Mingle is used.'
            : 'This service has no analytics configured, so none are loaded either way.'}
        </p>
      </LegalSection>

      <LegalSection title="Why we may use it">
        <p>
          We use your data to provide the service you signed up for (contract), to keep it secure (legitimate interest), and for analytics and marketing e-mails
          only with your consent, which you can withdraw at any time.
        </p>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <p>
          Your account and profile stay until you ask us to delete them. Sign-in codes, rate-limit records and ended sessions are deleted automatically, as
          described above. Service providers that host the server, deliver e-mail or take payments process data for us only to do that.
        </p>
      </LegalSection>

      <LegalSection title="Your rights">
        <p>
          You can ask for a copy of your data, have it corrected or deleted, object to its use or withdraw a consent: write to the address at the top of this
          page. You may also complain to your data protection authority. See also our <Link href={TERMS_PATH}>Terms of Service</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
