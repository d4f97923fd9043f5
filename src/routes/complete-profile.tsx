import { useMe } from '../lib/signed-in-member';
import { CompleteProfile } from '../features/profile/components/CompleteProfile';
import { useDocumentTitle } from '../lib/use-document-title';

/** /complete-profile (behind the sign-in guard, so the member is known). */
export function CompleteProfileRoute() {
  const { me } = useMe();
  useDocumentTitle('Complete your profile');
  if (!me) return null;
  return <CompleteProfile me={me} />;
}
