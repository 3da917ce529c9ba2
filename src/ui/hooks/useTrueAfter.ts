/** Time-outs a component shows differently: a card that takes taps after a moment, a wait that says it is long. */
import { useEffect, useState } from 'react';

/** False for `ms` after `key` changes (and after the first render), then true. */
export function useTrueAfter(key: unknown, ms: number): boolean {
  const [doneFor, setDoneFor] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDoneFor({ key }), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return doneFor !== null && doneFor.key === key;
}
