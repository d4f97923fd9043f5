import type { ReactNode } from 'react';
import { placeText } from '../../../../contract/place-text';
import type { PublicProfile } from '../../../../contract/profiles';
import { Avatar } from '../../../ui/Avatar';
import { Card } from '../../../ui/Card';
import './public-profile.css';

/** '{name}, {country name}' (docs/product.md section 2), else the member's own text. */
function placeOf(profile: PublicProfile): string | null {
  return placeText(profile.locationDisplay, profile.location);
}

/**
 * Another member's profile as anyone may see it: photo, name, title, place, story and the
 * 'Network' and 'Events' counts (not when `countsUnknown`); never contact details. `actions` go
 * under the header (Connect).
 */
export function PublicProfileCard({ profile, actions, countsUnknown = false }: { profile: PublicProfile; actions?: ReactNode; countsUnknown?: boolean }) {
  const place = placeOf(profile);
  return (
    <Card className="public-profile">
      <div className="public-profile-head">
        <Avatar
          id={profile.id}
          firstName={profile.firstName}
          lastName={profile.lastName}
          imageUrl={profile.imageUrl}
          size="fill"
          className="public-profile-avatar"
          alt={`${profile.firstName} ${profile.lastName}`}
        />
        <div className="public-profile-title">
          <h1 className="public-profile-name">
            {profile.firstName} {profile.lastName}
          </h1>
          {profile.role && <p className="public-profile-role">{profile.role}</p>}
          {place && <p className="public-profile-place">{place}</p>}
        </div>
      </div>
      {!countsUnknown && (
        <dl className="public-profile-counts">
          <div>
            <dt>Network</dt>
            <dd>{profile.connectionCount}</dd>
          </div>
          <div>
            <dt>Events</dt>
            <dd>{profile.eventCount}</dd>
          </div>
        </dl>
      )}
      {actions}
      {profile.story && (
        <section className="public-profile-about" aria-label="About">
          <h2 className="public-profile-section-title">About</h2>
          <p className="public-profile-story">{profile.story}</p>
        </section>
      )}
    </Card>
  );
}
