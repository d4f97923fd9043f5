import { useEffect, useState, type ComponentType } from 'react';
import { afterFirstScreen } from '../../lib/after-first-screen';
import './recommendations-slot.css';

let loaded: ComponentType | null = null;

/**
 * Where the events list shows the AI recommendations block. Its code and its three calls are not
 * part of the list's first screen (docs/architecture.md's 100 KB budget): they start once the first screen is
 * done. Until then a frame of the block's height holds its place, so the list below does not move.
 */
export function RecommendationsSlot() {
  const [Block, setBlock] = useState(() => loaded);
  useEffect(() => {
    if (!Block) afterFirstScreen(() => import('./components/Recommendations').then((m) => setBlock(() => (loaded = m.Recommendations))));
  }, [Block]);
  return Block ? <Block /> : <div className="recommendations-slot" aria-busy="true" />;
}
