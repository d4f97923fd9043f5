import { useEffect, useState } from 'react';
import { NETWORK_HANGS_QUESTION } from '../../contract/network-question';

/** How long the page waits for the worker's answer: it answers in a few milliseconds when it runs. */
const ANSWER_WITHIN_MS = 200;
/** How long an answer stands for a screen that opens after it was given. */
const ANSWER_STANDS_MS = 2000;

let last: { hangs: boolean; at: number } | undefined;

/**
 * Whether the service worker has seen the network hang (it answered nothing promptly for a while:
 * venue Wi-Fi that connects and then says nothing); false without a worker or an answer. The answer
 * is kept a moment for the screen about to open (`useNetworkHangs`).
 */
export function askWhetherNetworkHangs(): Promise<boolean> {
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), ANSWER_WITHIN_MS);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      const hangs = (event.data as { hangs?: unknown } | null)?.hangs === true;
      last = { hangs, at: performance.now() };
      resolve(hangs);
    };
    worker.postMessage({ type: NETWORK_HANGS_QUESTION }, [channel.port2]);
  });
}

/**
 * Whether the network hangs as the screen opens: the answer to a question asked just before (as
 * the screen's code loaded) from the first render, so that the screen renders once; asked again at
 * mount.
 */
export function useNetworkHangs(): boolean {
  const [hangs, setHangs] = useState(() => last !== undefined && last.hangs && performance.now() - last.at < ANSWER_STANDS_MS);
  useEffect(() => {
    let live = true;
    void askWhetherNetworkHangs().then((answer) => {
      if (live) setHangs(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return hangs;
}
