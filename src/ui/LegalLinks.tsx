import { Link } from 'wouter';
import { PRIVACY_PATH, TERMS_PATH } from '../lib/legal-paths';
import './legal-links.css';

/** The footer links to the Terms of Service and the Privacy Policy (auth screens, profile, legal pages). */
export function LegalLinks({ className }: { className?: string }) {
  return (
    // A paragraph, not a second <nav> landmark: two links do not need one, and the app's
    // navigation stays the one navigation landmark of every screen.
    <p className={['legal-links', className].filter(Boolean).join(' ')}>
      <Link href={TERMS_PATH}>Terms of Service</Link>
      <span aria-hidden="true">·</span>
      <Link href={PRIVACY_PATH}>Privacy Policy</Link>
    </p>
  );
}
