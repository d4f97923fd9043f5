import { useState } from 'react';
import { useMe } from '../features/auth/api/get-me';
import { LogoutButton } from '../features/auth/components/LogoutButton';
import { ShareProfileButton } from '../features/profile/components/ShareProfileButton';
import { YourEventsCard } from '../features/profile/components/YourEventsCard';
import { CreateEventForm } from '../features/create-event/components/CreateEventForm';
import { Dialog } from '../ui/Dialog';
import { ProfilePhotoEditor } from '../features/profile/components/ProfilePhotoEditor';
import { ProfileCounts } from '../features/profile/components/ProfileCounts';
import { ProfileCompleteness } from '../features/profile/components/ProfileCompleteness';
import { DataPreferencesDialog } from '../features/consent/components/DataPreferencesDialog';
import { Button } from '../ui/Button';
import { useDocumentTitle } from '../lib/use-document-title';
import { Card } from '../ui/Card';
import { LegalLinks } from '../ui/LegalLinks';
import './profile.css';

/**
 * /profile (SPEC.md section 2, 'Own profile'), as far as issue 10 has built it: who is signed in
 * with the 'Network' and 'Events' counts and the completeness banner, 'Share profile', Log out,
 * 'Manage Data Preferences & Consents', and 'Your Events' with its Create New Event dialog. The
 * photo dialog and the About, contact and subscription cards are still to come.
 */
export function ProfileRoute() {
  const { me } = useMe();
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  useDocumentTitle('Profile');
  if (!me) return null;
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">Profile</h1>
      </header>
      <Card className="profile-summary">
        <ProfilePhotoEditor me={me} />
        <div className="profile-summary-text">
          <h2 className="profile-name">
            {me.firstName} {me.lastName}
          </h2>
          {me.role && <p className="profile-role">{me.role}</p>}
          <p className="profile-email">{me.email}</p>
        </div>
        <ProfileCounts userId={me.id} />
        <ProfileCompleteness user={me} />
        {me.story && <p className="profile-story">{me.story}</p>}
        <p className="profile-note">Editing your profile is not built yet.</p>
        <div className="profile-actions">
          <ShareProfileButton />
          <LogoutButton userId={me.id} />
          <Button variant="ghost" onClick={() => setPreferencesOpen(true)}>
            Manage Data Preferences &amp; Consents
          </Button>
        </div>
      </Card>
      <YourEventsCard onCreate={() => setCreating(true)} />
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
