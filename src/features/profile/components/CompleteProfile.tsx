import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { validate } from '../../../../contract/fields';
import type { ProfileLookupResponse } from '../../../../contract/profile-lookup';
import { completeProfileSchema, type Me } from '../../../../contract/user';
import { ApiError } from '../../../lib/api-client';
import { savedRedirects } from '../../../lib/redirects';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextAreaField, TextField } from '../../../ui/Field';
import { PencilIcon, SparklesIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast-store';
import { useProfileLookupStatus } from '../api/profile-lookup';
import { useUpdateMe } from '../api/update-me';
import { canSaveProfile, postProfileDestination, profileCounts, profileSaveErrorToast, profileValidationToast, PROFILE_SAVED_TOAST } from '../complete-profile';
import { LOOKUP_UNAVAILABLE_TEXT } from '../profile-lookup';
import './profile.css';

// The lookup form loads only when the member chooses 'Create with AI' (first-screen budget).
const CreateWithAi = lazy(() => import('./CreateWithAi').then((m) => ({ default: m.CreateWithAi })));

type Mode = 'manual' | 'ai';

/**
 * /complete-profile: the member writes a headline (role) and an about text (story), or chooses
 * 'Create with AI': their professional-network profile fills both and gives their photo (when the
 * server has a profile-lookup provider; otherwise the choice says it is not available here). The
 * looked-up link is saved as the member's linkedinUrl with Save.
 */
export function CompleteProfile({ me }: { me: Pick<Me, 'firstName' | 'role' | 'story'> }) {
  const [headline, setHeadline] = useState(me.role ?? '');
  const [about, setAbout] = useState(me.story ?? '');
  const update = useUpdateMe();
  const [, navigate] = useLocation();
  const counts = profileCounts(headline, about);
  const [mode, setMode] = useState<Mode>('manual');
  const [linkedinUrl, setLinkedinUrl] = useState<string | null>(null);
  const status = useProfileLookupStatus();
  // Unknown while the status loads or when it failed: offered, and the lookup itself says more.
  const unavailable = status.data?.available === false;
  const aiMode = mode === 'ai' && !unavailable;

  const filled = (result: ProfileLookupResponse) => {
    setHeadline(result.headline);
    setAbout(result.summary);
    setLinkedinUrl(result.linkedinProfileUrl);
  };

  // What the check or the server refused, shown under its field as well as in the notice.
  const [refused, setRefused] = useState<{ field: string | undefined; text: string } | null>(null);
  const errorOf = (field: 'role' | 'story') => (refused?.field === field ? refused.text : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveProfile(headline, about)) return;
    const checked = validate(completeProfileSchema, { role: headline, story: about });
    if (!checked.ok) {
      const notice = profileValidationToast(checked.error, checked.field);
      toast(notice);
      setRefused({ field: checked.field, text: notice.description ?? checked.error });
      return;
    }
    setRefused(null);
    update.mutate(linkedinUrl ? { ...checked.value, linkedinUrl } : checked.value, {
      onSuccess: () => {
        toast(PROFILE_SAVED_TOAST);
        const to = postProfileDestination(savedRedirects.afterProfile());
        savedRedirects.setAfterProfile(null);
        navigate(to, { replace: true });
      },
      onError: (error) => {
        const notice = profileSaveErrorToast(error);
        toast(notice);
        if (error instanceof ApiError) setRefused({ field: error.field, text: notice.description ?? error.message });
      },
    });
  };

  return (
    <div className="complete-profile">
      <header className="complete-profile-header">
        <span className="brand-mark" aria-hidden="true">
          M
        </span>
        <h1 className="complete-profile-title">{me.firstName ? `Welcome, ${me.firstName}!` : 'Welcome!'}</h1>
        <p className="complete-profile-lead">Tell other attendees who you are. Your title and story are what people see when they swipe through an event.</p>
      </header>

      <Card className="complete-profile-card">
        <fieldset className="profile-modes">
          <legend className="visually-hidden">How do you want to create your profile?</legend>
          <label className={`profile-mode${aiMode ? '' : ' profile-mode--selected'}`}>
            <input type="radio" name="mode" value="manual" checked={!aiMode} onChange={() => setMode('manual')} className="visually-hidden" />
            <PencilIcon />
            <span>
              <span className="profile-mode-title">Create yourself</span>
              <span className="profile-mode-text">Write it in your own words.</span>
            </span>
          </label>
          <label className={`profile-mode${aiMode ? ' profile-mode--selected' : ''}${unavailable ? ' profile-mode--disabled' : ''}`}>
            <input
              type="radio"
              name="mode"
              value="ai"
              checked={aiMode}
              disabled={unavailable}
              onChange={() => setMode('ai')}
              className="visually-hidden"
              aria-describedby="profile-mode-ai-text"
            />
            <SparklesIcon />
            <span>
              <span className="profile-mode-title">Create with AI {unavailable && <span className="badge">Not available</span>}</span>
              <span className="profile-mode-text" id="profile-mode-ai-text">
                {unavailable ? LOOKUP_UNAVAILABLE_TEXT : 'Fill it in from your LinkedIn profile.'}
              </span>
            </span>
          </label>
        </fieldset>

        {aiMode && (
          <Suspense
            fallback={
              <p className="create-with-ai-loading" role="status">
                Loading…
              </p>
            }
          >
            <CreateWithAi onFilled={filled} />
          </Suspense>
        )}

        <form className="complete-profile-form" onSubmit={submit}>
          <TextField
            label="Title"
            name="role"
            placeholder="e.g. Product designer at Acme"
            autoComplete="organization-title"
            value={headline}
            onChange={(event) => setHeadline(event.target.value)}
            count={counts.role}
            error={errorOf('role')}
            hint="Your job title and industry."
          />
          <TextAreaField
            label="Story"
            name="story"
            placeholder="Your background, what you work on and who you'd like to meet."
            rows={5}
            value={about}
            onChange={(event) => setAbout(event.target.value)}
            count={counts.story}
            error={errorOf('story')}
            hint="Your background and interests."
          />
          <Button type="submit" size="lg" block disabled={!canSaveProfile(headline, about)} loading={update.isPending || update.isSuccess}>
            Save
          </Button>
        </form>
      </Card>
    </div>
  );
}
