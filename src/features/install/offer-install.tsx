import { createRoot, type Root } from 'react-dom/client';
import { storage } from '../../lib/storage';
import { useToastStore } from '../../ui/toast-store';
import { InstallOffer } from './components/InstallOffer';
import {
  browserInstallFacts,
  INSTALL_DISMISSED_KEY,
  INSTALL_FIRST_SEEN_KEY,
  installOffer,
  JOINED_DESCRIPTION,
  type BeforeInstallPromptEvent,
} from './install-offer';

let started = false;
let promptEvent: BeforeInstallPromptEvent | null = null;
let installed = false;
let joined = false;
let seenBefore = false;
let root: Root | null = null;
let stopWatching: Array<() => void> = [];

const CONTAINER_ID = 'install-offer-root';

function close(): void {
  root?.unmount();
  root = null;
  document.getElementById(CONTAINER_ID)?.remove();
}

function render(): void {
  const offer = installOffer({
    ...browserInstallFacts(),
    canPrompt: promptEvent !== null,
    installed,
    dismissedAt: storage.get(INSTALL_DISMISSED_KEY),
    seenBefore,
    joined,
    now: Date.now(),
  });
  if (!offer) return close();
  if (!root) {
    const container = document.createElement('div');
    container.id = CONTAINER_ID;
    document.body.append(container);
    root = createRoot(container);
  }
  // Keyed by place: the card after a join starts with its own state, not the entry's.
  root.render(<InstallOffer key={`${offer.kind}-${offer.place}`} offer={offer} onInstall={() => void install()} onDismiss={dismiss} />);
}

function dismiss(): void {
  storage.set(INSTALL_DISMISSED_KEY, String(Date.now()));
  render();
}

async function install(): Promise<void> {
  const event = promptEvent;
  if (!event) return;
  // The browser allows one prompt() per event; a new event comes with a later page load.
  promptEvent = null;
  try {
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'accepted') installed = true;
    else storage.set(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // prompt() refused (no user activation): the offer goes, the next page load brings a new event.
  }
  render();
}

/**
 * Started by the shell's listener (app/install-hook.ts) after the first screen: with Chromium's
 * kept beforeinstallprompt event, or without one on iPhone and iPad Safari. Shows the offers its
 * rules allow (install-offer.ts) in a React root of its own, on whatever screen the member is.
 */
export function offer(event?: Event): void {
  if (event) promptEvent = event as BeforeInstallPromptEvent;
  if (!started) {
    started = true;
    seenBefore = storage.get(INSTALL_FIRST_SEEN_KEY) !== null;
    if (!seenBefore) storage.set(INSTALL_FIRST_SEEN_KEY, String(Date.now()));
    const onInstalled = () => {
      installed = true;
      promptEvent = null;
      render();
    };
    window.addEventListener('appinstalled', onInstalled);
    const displayMode = window.matchMedia('(display-mode: standalone)');
    displayMode.addEventListener('change', render);
    // Every join shows this notice (join/api/join-event.ts, at all three places a member can join):
    // watching for it keeps the join code, which the deck's budget loads, free of install code.
    const unsubscribe = useToastStore.subscribe((state, previous) => {
      const latest = state.toasts[0];
      if (!joined && latest && latest !== previous.toasts[0] && latest.description === JOINED_DESCRIPTION) {
        joined = true;
        render();
      }
    });
    stopWatching = [unsubscribe, () => window.removeEventListener('appinstalled', onInstalled), () => displayMode.removeEventListener('change', render)];
  }
  render();
}

/** For tests: forget everything this module kept. */
export function resetInstallOffersForTest(): void {
  close();
  for (const stop of stopWatching) stop();
  stopWatching = [];
  started = false;
  promptEvent = null;
  installed = false;
  joined = false;
  seenBefore = false;
}
