import { profileGaps } from '../profile-gaps';

/** Lists what the member's profile still lacks (docs/product.md section 2); nothing once it is whole. */
export function ProfileCompleteness({ user }: { user: { role: string | null; story: string | null; location: string | null; locationId?: string | null } }) {
  const gaps = profileGaps(user);
  if (gaps.length === 0) return null;
  const list = gaps.length === 1 ? gaps[0] : `${gaps.slice(0, -1).join(', ')} and ${gaps.at(-1)}`;
  return (
    <div className="profile-gaps" role="status">
      <p className="profile-gaps-title">Complete your profile</p>
      <p className="profile-gaps-text">Add your {list}, so the people you meet know who you are.</p>
    </div>
  );
}
