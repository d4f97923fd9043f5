import { Link } from 'wouter';
import { PRIVACY_PATH } from '../../../lib/legal-paths';
import { LegalPage, LegalSection } from './LegalPage';

/** The Terms of Service: the rules of using Mingle, in plain words. */
export function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" updated="November 23, 2026">
      <LegalSection title="The service">
        <p>
          Mingle lets professionals who go to the same events find each other: you write a short profile, join events, swipe through other attendees and connect
          when the interest is mutual. By using Mingle you accept these terms.
        </p>
      </LegalSection>

      <LegalSection title="Your account">
        <ul>
          <li>Use your own name and an e-mail address that is yours. One account per person.</li>
          <li>You sign in with a code we e-mail you. Keep access to that mailbox to yourself.</li>
          <li>You must be old enough to make this agreement where you live.</li>
        </ul>
      </LegalSection>

      <LegalSection title="What you write">
        <ul>
          <li>Your profile, goals and the community events you create must be true and about you or your professional interests.</li>
          <li>No harassment, discrimination, spam, advertising, or pasted code.</li>
          <li>
            You keep the rights to what you write. You allow us to show it to the members described in our <Link href={PRIVACY_PATH}>Privacy Policy</Link>, for
            as long as it is in your account.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Meeting people">
        <p>
          Be respectful, online and at the event. We do not check attendees&apos; identities, and community events are added by members, not by the event&apos;s
          organizer. Meet in public places and use your own judgement.
        </p>
      </LegalSection>

      <LegalSection title="PRO">
        <p>
          Some events are for PRO members only. Where PRO is offered, its price is shown before you pay; it renews each month until you cancel, and stays active
          until the end of the period you paid for.
        </p>
      </LegalSection>

      <LegalSection title="Availability">
        <p>
          We work to keep Mingle running and your offline changes safe, but we cannot promise it is always available or free of errors. We may change or end
          features; when that affects you, we tell you in the app.
        </p>
      </LegalSection>

      <LegalSection title="Ending">
        <p>
          You can stop using Mingle at any time and ask us to delete your account. We may suspend an account that breaks these terms, after telling you why
          unless the law or others&apos; safety prevents it.
        </p>
      </LegalSection>

      <LegalSection title="Liability">
        <p>
          Mingle is provided as it is. As far as the law allows, we are not liable for what members write or do, or for indirect losses. Nothing here limits
          rights you have as a consumer.
        </p>
      </LegalSection>

      <LegalSection title="Changes and contact">
        <p>If these terms change in a way that matters, we ask you to accept them again in the app. Questions: write to the address at the top of this page.</p>
      </LegalSection>
    </LegalPage>
  );
}
