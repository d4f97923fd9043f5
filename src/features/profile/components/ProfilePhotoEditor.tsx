import type { Me } from '../../../../contract/user';
import { Avatar } from '../../../ui/Avatar';

/** The profile header's photo: the member's picture, or their initials. */
export function ProfilePhotoEditor({ me }: { me: Me }) {
  return <Avatar id={me.id} firstName={me.firstName} lastName={me.lastName} imageUrl={me.imageUrl} className="profile-photo" />;
}
