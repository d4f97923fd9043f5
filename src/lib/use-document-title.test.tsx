import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_TITLE, documentTitle, useDocumentTitle } from './use-document-title';

function Screen({ parts }: { parts: (string | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

afterEach(() => {
  document.title = APP_TITLE;
});

describe('documentTitle', () => {
  it('puts the screen first and the product last', () => {
    expect(documentTitle('Events')).toBe('Events · Mingle');
    expect(documentTitle('Meet attendees', 'Nordic Design Week')).toBe('Meet attendees · Nordic Design Week · Mingle');
  });

  it('leaves out parts that are missing or blank', () => {
    expect(documentTitle('Meet attendees', undefined)).toBe('Meet attendees · Mingle');
    expect(documentTitle(null, '  ')).toBe('Mingle');
  });
});

describe('useDocumentTitle', () => {
  it('follows the parts as they change, and gives the product name back on unmount', () => {
    const { rerender, unmount } = render(<Screen parts={['Meet attendees', undefined]} />);
    expect(document.title).toBe('Meet attendees · Mingle');
    rerender(<Screen parts={['Meet attendees', 'Nordic Design Week']} />);
    expect(document.title).toBe('Meet attendees · Nordic Design Week · Mingle');
    unmount();
    expect(document.title).toBe('Mingle');
  });

  it('the next screen’s title wins over the previous screen’s unmount', () => {
    const { rerender } = render(<Screen key="a" parts={['Events']} />);
    rerender(<Screen key="b" parts={['Profile']} />);
    expect(document.title).toBe('Profile · Mingle');
  });
});
