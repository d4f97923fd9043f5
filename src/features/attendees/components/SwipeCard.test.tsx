import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { candidate } from '../../../test/attendee-fixtures';
import { stubPrefersReducedMotion } from '../../../test/reduced-motion';
import { SWIPE_FLIGHT_MS, SwipeCard, type SwipeCardHandle } from './SwipeCard';

/** A swipe is the member's decision from the moment the card starts to fly off, not when it lands. */
describe('a card flying off', () => {
  const start = () => {
    stubPrefersReducedMotion(() => false);
    const onSwiped = vi.fn();
    const ref = createRef<SwipeCardHandle>();
    const person = candidate('c1', 'Ada');
    const view = render(<SwipeCard ref={ref} candidate={person} onSwiped={onSwiped} />);
    act(() => ref.current!.fling('right'));
    return { onSwiped, person, view };
  };

  it('counts its swipe when it is taken away before it lands (the deck waits for data again, the page is left)', () => {
    const { onSwiped, person, view } = start();
    expect(onSwiped).not.toHaveBeenCalled();
    view.unmount();
    expect(onSwiped).toHaveBeenCalledExactlyOnceWith(person, 'right');
  });

  it('counts it once when it lands and is taken away after', async () => {
    const { onSwiped, person, view } = start();
    await waitFor(() => expect(onSwiped).toHaveBeenCalledExactlyOnceWith(person, 'right'), { timeout: SWIPE_FLIGHT_MS * 4 });
    view.unmount();
    expect(onSwiped).toHaveBeenCalledTimes(1);
  });
});
