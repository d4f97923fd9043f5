import { Avatar } from '../../../ui/Avatar';
import { useSharedProfilePreview } from '../api/get-shared-profile-preview';
import './shared-profile-invite.css';

/**
 * On the sign-in page a shared profile link led to: whose profile it is (photo, name, title) and
 * why to sign in. Nothing while it loads or when the link is wrong: the page is then the plain one.
 */
export function SharedProfileInvite({ userId, secret, returning }: { userId: string; secret: string; returning: boolean }) {
  const preview = useSharedProfilePreview(userId, secret);
  if (!preview.data) return null;
  const { firstName, lastName, imageUrl, role } = preview.data;
  return (
    <section className="shared-invite" aria-label={`${firstName} ${lastName}`.trim()}>
      <Avatar id={userId} firstName={firstName} lastName={lastName} imageUrl={imageUrl} />
      <div className="shared-invite-text">
        <p className="shared-invite-name">
          {firstName} {lastName}
        </p>
        {role && <p className="shared-invite-role">{role}</p>}
        <p className="shared-invite-call">{returning ? `Log in to connect with ${firstName}` : `Sign up to connect with ${firstName}`}</p>
      </div>
    </section>
  );
}
