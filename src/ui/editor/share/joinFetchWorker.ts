/// <reference lib="webworker" />
/** Fetches a shared map's answer for a device new to it off the page's main thread (fetchJoinSnapshotOffThread). */
import { fetchJoinBytes } from './fetchJoinSnapshot';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (e: MessageEvent<{ room: string; token: string }>) => {
  const bytes = await fetchJoinBytes(e.data);
  self.postMessage(bytes, bytes ? [bytes] : []);
};
