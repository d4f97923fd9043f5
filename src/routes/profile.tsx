import { lazy, Suspense, useState } from 'react';
import type { Me } from '../../contract/user';
import { useMe } from '../lib/signed-in-member';
import { LogoutButton } from '../features/auth/components/LogoutButton';
import { SubscribeCalendarButton } from '../features/calendar/components/SubscribeCalendarButton';
import { NotificationsButton } from '../features/notifications/components/NotificationsButton';
import { SafetySettingsButton } from '../features/safety/components/SafetySettingsButton';
import { AboutCard } from '../features/profile/components/AboutCard';
import { ContactCard } from '../features/profile/components/ContactCard';
import { ProfileCounts } from '../features/profile/components/ProfileCounts';
import { ProfileName } from '../features/profile/components/ProfileName';
import { ProfilePhotoEditor } from '../features/profile/components/ProfilePhotoEditor';
import { ShareProfileButton } from '../features/profile/components/ShareProfileButton';
import { YourEventsCard } from '../features/profile/components/YourEventsCard';
import { profileGaps } from '../features/profile/profile-gaps';
import { useProfileEdits } from '../features/profile/use-profile-edits';
import { QrExchangeButtons } from '../features/qr-exchange/components/QrExchangeButtons';
import { SubscriptionCardSlot } from '../features/subscription/components/SubscriptionCardSlot';
import { env } from '../lib/env';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/Button';
import { Link } from 'wouter';
import { Card } from '../ui/Card';
import { LegalLinks } from '../ui/LegalLinks';
import { Spinner } from '../ui/Spinner';
import './profile.css';

// What opens on request loads then: the profile's first screen stays within docs/architecture.md's budget.
const LocationPicker = lazy(() => import('../features/locations/components/LocationPicker').then((m) => ({ default: m.LocationPicker })));
const CreateEventDialog = lazy(() => import('../features/create-event/components/CreateEventDialog').then((m) => ({ default: m.CreateEventDialog })));
// Shown only while something is missing from the profile.
const ProfileCompleteness = lazy(() => import('../features/profile/components/ProfileCompleteness').then((m) => ({ default: m.ProfileCompleteness })));
// Shown only while edits wait or were refused.
const ProfileSyncState = lazy(() => import('../features/profile/components/ProfileSyncState').then((m) => ({ default: m.ProfileSyncState })));
const DataPreferencesDialog = lazy(() => import('../features/consent/components/DataPreferencesDialog').then((m) => ({ default: m.DataPreferencesDialog })));

/**
 * /profile (docs/product.md section 2, 'Own profile'): the header (photo, name, counts, 'Share profile',
 * 'My QR code' and 'Scan', the completeness banner), About, Your Events with its Create New Event
 * dialog, contact information, the subscription card and the footer. Text edits go through the outbox (useProfileEdits).
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
          <div className="profile-share">
            <ShareProfileButton />
            <QrExchangeButtons size="sm" />
          </div>
        </div>
        <ProfileCounts userId={me.id} />
        {(edits.overlay.waiting || edits.overlay.failed) && (
          <Suspense fallback={null}>
            <ProfileSyncState overlay={edits.overlay} onDiscard={edits.discardFailed} />
          </Suspense>
        )}
        {profileGaps(profile).length > 0 && (
          <Suspense fallback={null}>
            <ProfileCompleteness user={profile} />
          </Suspense>
        )}
      </Card>
      <AboutCard
        user={profile}
        edits={edits}
        locationPicker={(props) => (
          <Suspense fallback={<Spinner label="Loading locations" />}>
            <LocationPicker {...props} />
          </Suspense>
        )}
      />
      <YourEventsCard onCreate={() => setCreating(true)} />
      <Link href="/meetings" className="btn btn--secondary btn--md">
        Your meetings
      </Link>
      <SubscribeCalendarButton />
      <NotificationsButton />
      <SafetySettingsButton />
      <ContactCard me={profile} edits={edits} />
      {/* After contact information, as docs/product.md lists it; its code loads after the first screen. */}
      <SubscriptionCardSlot pro={me.hasProAccess} />
      <footer className="profile-footer">
        <LogoutButton userId={me.id} />
        <a className="btn btn--secondary btn--md" href={`mailto:${env.supportEmail}`}>
          Support
        </a>
        <Button variant="ghost" onClick={() => setPreferencesOpen(true)}>
          Manage Data Preferences &amp; Consents
        </Button>
      </footer>
      {creating && (
        <Suspense fallback={null}>
          <CreateEventDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <LegalLinks className="profile-legal" />
      {preferencesOpen && (
        <Suspense fallback={null}>
          <DataPreferencesDialog open onClose={() => setPreferencesOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
