import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LINKEDIN_PROFILE_BASE } from '../../../../contract/linkedin';
import type { ProfileLookupResponse } from '../../../../contract/profile-lookup';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useLookUpProfile } from '../api/profile-lookup';
import { profileKeys } from '../api/keys';
import { lookupErrorToast, lookupFailure, profileIdFromInput } from '../profile-lookup';

/**
 * 'Create with AI' on /complete-profile (loaded only when chosen): the member's professional-network
 * id or link; the server looks the profile up, and its headline and summary fill the form below,
 * its picture becomes the member's photo.
 */
export function CreateWithAi({ onFilled }: { onFilled: (result: ProfileLookupResponse) => void }) {
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);
  const [picture, setPicture] = useState<string | null>(null);
  const lookUp = useLookUpProfile();
  const queryClient = useQueryClient();
  const profileId = profileIdFromInput(input);
  const invalid = touched && input.trim() !== '' && profileId === undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!profileId || lookUp.isPending) return;
    lookUp.mutate(LINKEDIN_PROFILE_BASE + profileId, {
      onSuccess: (result) => {
        setPicture(result.profilePicture);
        onFilled(result);
        toast({ title: 'Profile filled in', description: 'Check your title and story, then save.' });
      },
      onError: (error) => {
        const failure = lookupFailure(error);
        if (failure === 'unavailable') queryClient.setQueryData(profileKeys.lookupStatus(), { available: false });
        toast(lookupErrorToast(failure));
      },
    });
  };

  return (
    <form className="create-with-ai" onSubmit={submit} aria-busy={lookUp.isPending} noValidate>
      <TextField
        label="LinkedIn profile ID or link"
        name="linkedinProfileId"
        placeholder="e.g. ada-lovelace"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onBlur={() => setTouched(true)}
        aria-invalid={invalid || undefined}
        hint={
          invalid
            ? 'That is not a LinkedIn profile ID. Paste the part after linkedin.com/in/, or the whole link.'
            : profileId
              ? `We'll look up linkedin.com/in/${profileId}`
              : 'The part after linkedin.com/in/ in your profile link, or the whole link.'
        }
      />
      <Button type="submit" variant="secondary" block disabled={!profileId} loading={lookUp.isPending}>
        {lookUp.isPending ? 'Looking up your profile…' : 'Fill in from LinkedIn'}
      </Button>
      {picture && (
        <figure className="create-with-ai-picture">
          <img src={picture} alt="Your profile picture from LinkedIn" width={72} height={72} />
          <figcaption>Your new profile picture</figcaption>
        </figure>
      )}
    </form>
  );
}
