import { Strategy, type StrategyHandler, type StrategyOptions } from 'workbox-strategies';
import { STORED_ANSWER_HEADER } from '../contract/sw-messages';
import { STORED_FAILED, STORED_WAITING, type LateAnswerOutcome } from '../contract/late-answers';
import { hangOrTimeout, networkHangs, trackNetwork } from './network-health';

export interface NetworkFirstUnlessHangingOptions extends StrategyOptions {
  networkTimeoutSeconds: number;
  /** Told how the network's answer to a read that got a stored copy while it hung turned out. */
  onLateAnswer: (event: ExtendableEvent, url: string, outcome: LateAnswerOutcome) => Promise<void>;
}

/** The stored answer as the page gets it: marked (with whether the network's is still awaited), its own headers kept. */
function markedStored(stored: Response, state: typeof STORED_WAITING | typeof STORED_FAILED): Response {
  const headers = new Headers(stored.headers);
  headers.set(STORED_ANSWER_HEADER, state);
  return new Response(stored.body, { status: stored.status, statusText: stored.statusText, headers });
}

/**
 * Network first, as Workbox's NetworkFirst: the network's answer when it comes within the timeout,
 * else the stored copy. Unlike it, a read does not wait out the timeout when the network hangs
 * (network-health.ts): the stored copy answers as soon as that is known, and at once for a read
 * made while it hangs. The network's answer is still awaited and stored when it comes (the plugins
 * see it as usual), and `onLateAnswer` hears whether it differs from the copy given.
 */
export class NetworkFirstUnlessHanging extends Strategy {
  private readonly timeoutMs: number;
  private readonly onLateAnswer: NetworkFirstUnlessHangingOptions['onLateAnswer'];

  constructor(options: NetworkFirstUnlessHangingOptions) {
    super(options);
    this.timeoutMs = options.networkTimeoutSeconds * 1000;
    this.onLateAnswer = options.onLateAnswer;
  }

  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const network = trackNetwork(handler.fetchAndCachePut(request)).catch(() => undefined);
    void handler.waitUntil(network);
    let failed = false;
    if (!networkHangs()) {
      const wait = hangOrTimeout(this.timeoutMs);
      const first = await Promise.race([network.then((response) => ({ response })), wait.settled.then(() => null)]);
      wait.cancel();
      if (first?.response) return first.response;
      failed = first !== null;
    }
    const stored = await handler.cacheMatch(request);
    if (!stored) {
      const late = await network;
      if (late) return late;
      throw new TypeError(`No answer for ${request.url}: the network failed and nothing is stored`);
    }
    if (!failed) void handler.waitUntil(this.settleLate(request.url, stored.clone().text(), network, handler.event));
    return markedStored(stored, failed ? STORED_FAILED : STORED_WAITING);
  }

  private async settleLate(url: string, served: Promise<string>, network: Promise<Response | undefined>, event: ExtendableEvent): Promise<void> {
    const late = await network;
    let outcome: LateAnswerOutcome = 'failed';
    if (late?.ok) outcome = (await late.text().catch(() => null)) === (await served) ? 'same' : 'changed';
    await this.onLateAnswer(event, url, outcome);
  }
}
