import { describe, expect, it } from 'vitest';
import { fieldErrorToast } from './field-error-toast';

describe('fieldErrorToast', () => {
  it('names the field and its limit when input is too long', () => {
    expect(fieldErrorToast('Input too long', 'story', 'About')).toEqual({
      title: 'Input too long',
      description: "Your input for 'About' exceeds the maximum allowed length (500 characters). Please shorten it.",
      variant: 'destructive',
    });
    expect(fieldErrorToast('Input too long', 'role', 'Headline')?.description).toBe(
      "Your input for 'Headline' exceeds the maximum allowed length (100 characters). Please shorten it.",
    );
  });

  it('explains rejected content', () => {
    expect(fieldErrorToast('Invalid content detected', 'role', 'Headline')).toEqual({
      title: 'Invalid content detected',
      description: "We can't process your input for 'Headline' right now. Please try again later.",
      variant: 'destructive',
    });
  });

  it('ignores other errors', () => {
    expect(fieldErrorToast('Invalid email', 'email', 'Email')).toBeNull();
  });
});
