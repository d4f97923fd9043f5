import { NETWORK_HANGS_QUESTION } from '../contract/network-question';
import { messageType } from '../contract/sw-messages';
import { networkHangs } from './network-health';

declare let self: ServiceWorkerGlobalScope;

/** Answers a page that asks whether the network hangs (the deck shows the device's copy at once then). */
export function answerNetworkQuestions(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (messageType(event.data) !== NETWORK_HANGS_QUESTION) return;
    event.ports[0]?.postMessage({ hangs: networkHangs() });
  });
}
