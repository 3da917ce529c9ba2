/** Follows `prefers-reduced-motion`: calls `changed` now and on every change; returns the unsubscribe. */
export function watchReducedMotion(changed: (reduced: boolean) => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
  changed(mq.matches);
  const onChange = () => changed(mq.matches);
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}
