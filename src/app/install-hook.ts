import { afterFirstScreen } from '../lib/after-first-screen';

// The install offers (features/install) are a chunk of their own, loaded after the first screen and
// only where the browser can install the app: this handler is all the shell carries (its budget is
// used up, hence the terse form). It is set as the shell runs, before Chromium can fire the event;
// preventDefault keeps the mini-infobar away, and the kept event lets the offer open the browser's
// dialog later.
const offer = (event?: Event) => {
  event?.preventDefault();
  afterFirstScreen(() => import('../features/install/offer-install').then((m) => m.offer(event)));
};
(window as unknown as { onbeforeinstallprompt: typeof offer }).onbeforeinstallprompt = offer;
// iPhone and iPad Safari have no such event; navigator.standalone exists there only (true once on
// the home screen, when there is nothing to offer).
if ((navigator as { standalone?: boolean }).standalone === false) offer();
