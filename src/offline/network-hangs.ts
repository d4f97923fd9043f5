import { useEffect, useState } from 'react';
import { NETWORK_HANGS_QUESTION } from '../../contract/network-question';

/** How long the page waits for the worker's answer: it answers in a few milliseconds when it runs. */
const ANSWER_WITHIN_MS = 200;

/**
 * Whether the service worker has seen the network hang (it answered nothing for a while: venue
 * Wi-Fi that connects and then says nothing); false without a worker or an answer.
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
      resolve((event.data as { hangs?: unknown } | null)?.hangs === true);
    };
    worker.postMessage({ type: NETWORK_HANGS_QUESTION }, [channel.port2]);
  });
}

/** Whether the network hung when the screen opened (asked once, at mount). */
export function useNetworkHangs(): boolean {
  const [hangs, setHangs] = useState(false);
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
