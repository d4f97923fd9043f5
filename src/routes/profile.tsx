import { useState } from 'react';
import type { Me } from '../../contract/user';
import { useMe } from '../features/auth/api/get-me';
import { LogoutButton } from '../features/auth/components/LogoutButton';
import { DataPreferencesDialog } from '../features/consent/components/DataPreferencesDialog';
import { LocationPicker } from '../features/locations/components/LocationPicker';
import { CreateEventForm } from '../features/create-event/components/CreateEventForm';
import { AboutCard } from '../features/profile/components/AboutCard';
import { ContactCard } from '../features/profile/components/ContactCard';
import { ProfileCompleteness } from '../features/profile/components/ProfileCompleteness';
import { ProfileCounts } from '../features/profile/components/ProfileCounts';
import { ProfileName } from '../features/profile/components/ProfileName';
import { ProfilePhotoEditor } from '../features/profile/components/ProfilePhotoEditor';
import { ProfileSyncState } from '../features/profile/components/ProfileSyncState';
import { ShareProfileButton } from '../features/profile/components/ShareProfileButton';
import { YourEventsCard } from '../features/profile/components/YourEventsCard';
import { useProfileEdits } from '../features/profile/use-profile-edits';
import { env } from '../lib/env';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Dialog } from '../ui/Dialog';
import { LegalLinks } from '../ui/LegalLinks';
import './profile.css';

/**
 * /profile (SPEC.md section 2, 'Own profile'): the header (photo, name, counts, 'Share profile',
 * the completeness banner), About, Your Events with its Create New Event dialog, contact
 * information and the footer. Text edits go through the outbox (useProfileEdits).
 */
export function ProfileRoute() {
  const { me } = useMe();
  useDocumentTitle('Profile');
  if (!me) return null;
  return <OwnProfile me={me} />;
}

function OwnProfile({ me }: { me: Me }) {
  const edits = useProfileEdits(me);
  const profile = edits.profile;
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <div className="page profile-page">
      <header className="page-header">
        <h1 className="page-title">Profile</h1>
      </header>
      <Card className="profile-summary">
        <ProfilePhotoEditor me={profile} />
        <div className="profile-summary-text">
          <ProfileName me={profile} edits={edits} />
          {profile.role && <p className="profile-role">{profile.role}</p>}
          <ShareProfileButton />
        </div>
        <ProfileCounts userId={me.id} />
        <ProfileSyncState overlay={edits.overlay} onDiscard={edits.discardFailed} />
        <ProfileCompleteness user={profile} />
      </Card>
      <AboutCard user={profile} edits={edits} locationPicker={(props) => <LocationPicker {...props} />} />
      <YourEventsCard onCreate={() => setCreating(true)} />
      <ContactCard me={profile} edits={edits} />
      <footer className="profile-footer">
        <LogoutButton userId={me.id} />
        <a className="btn btn--secondary btn--md" href={`mailto:${env.supportEmail}`}>
          Support
        </a>
        <Button variant="ghost" onClick={() => setPreferencesOpen(true)}>
          Manage Data Preferences &amp; Consents
        </Button>
      </footer>
      {/* SPEC.md's 'Create New Event' dialog: after creation the form goes to the event's goal page. */}
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        title="Create New Event"
        description="Fill in the details below to create a new event. This will only be visible to your connections."
      >
        <CreateEventForm onCancel={() => setCreating(false)} />
      </Dialog>
      <LegalLinks className="profile-legal" />
      <DataPreferencesDialog open={preferencesOpen} onClose={() => setPreferencesOpen(false)} />
    </div>
  );
}
