import { describe, expect, it } from 'vitest';
import { classRules, ownerOf, sharedClasses } from './css-class-owners';

describe('class owners', () => {
  it('reads the classes a stylesheet styles on their own, not those it only scopes or combines', () => {
    const css = `/* .commented { } */
      .card, .card:hover, .card::before { color: red; }
      .list .card { margin: 0; }
      .row > .cell, .chip.chip--on { gap: 0; }
      @media (max-width: 600px) { .meta:not(.x) { display: grid; } .meta { display: grid; } }`;
    expect(classRules(css).sort()).toEqual(['card', 'meta']);
  });

  it('gives the shared styles and each feature their own classes, and does not count the routes', () => {
    expect(ownerOf('src/ui/field.css')).toBe('shared');
    expect(ownerOf('src/app/global.css')).toBe('shared');
    expect(ownerOf('src/features/events/components/events.css')).toBe('features/events');
    expect(ownerOf('src/routes/profile.css')).toBeNull();
  });

  it('finds a class two features style on their own, and a shared one a feature styles again', () => {
    const found = sharedClasses(
      new Map([
        ['src/features/events/components/events.css', '.event-meta { display: flex; } .card .btn { margin: 0; }'],
        ['src/features/event-detail/components/detail.css', '.event-meta { display: grid; }'],
        ['src/features/events/components/page.css', '.event-meta:hover { color: red; }'],
        ['src/ui/button.css', '.btn { padding: 0; }'],
        ['src/features/profile/profile.css', '.btn { padding: 1rem; }'],
        ['src/routes/profile.css', '.profile-sync { grid-column: 1 / -1; }'],
        ['src/features/profile/section.css', '.profile-sync { margin: 0; }'],
      ]),
    );
    expect([...found.keys()].sort()).toEqual(['btn', 'event-meta']);
    expect(found.get('event-meta')).toEqual(['src/features/events/components/events.css', 'src/features/event-detail/components/detail.css']);
  });
});
