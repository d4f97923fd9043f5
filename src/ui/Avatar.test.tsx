import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarHue, initialsOf } from './Avatar';

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    const { container } = render(<Avatar id="u1" firstName="Ada" lastName="Lovelace" imageUrl="/media/a.jpg" alt="Ada Lovelace" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/a.jpg');
  });

  it('falls back to initials on a colour that is the same for the same member and differs between members', () => {
    const one = render(<Avatar id="member-1" firstName="ada" lastName="lovelace" imageUrl={null} />).container.firstElementChild as HTMLElement;
    const again = render(<Avatar id="member-1" firstName="Ada" lastName="L" imageUrl={null} />).container.firstElementChild as HTMLElement;
    expect(one.textContent).toBe('AL');
    expect(one.style.backgroundColor).toBe(again.style.backgroundColor);
    const hues = new Set(Array.from({ length: 50 }, (_, i) => avatarHue(`member-${i}`)));
    expect(hues.size).toBeGreaterThan(5);
  });

  it('takes whole characters for initials and never shows nothing', () => {
    expect(initialsOf('Émile', 'Zola')).toBe('ÉZ');
    expect(initialsOf('😀x', '')).toBe('😀');
    expect(initialsOf(' ', '')).toBe('?');
  });
});
