/** Whether the page's own origin runs the sync server, asked once when a share link opens. */
import { useEffect, useState } from 'react';

/**
 * False when the origin answered but not as the sync server does (a static file server's page or
 * 404): shared maps cannot open there. Null when nothing answered (the server down, the device
 * offline), which may change: the join keeps trying then. True for the server's own answer.
 */
export async function probeSyncServer(): Promise<boolean | null> {
  let res: Response;
  try {
    res = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    return null;
  }
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) return false;
  const body = (await res.json().catch(() => null)) as { ok?: unknown } | null;
  return body?.ok === true;
}

/** True once the probe has found that no sync server runs here, for the share link's room. */
export function useNoSyncServerHere(room: string | undefined): boolean {
  const [missingFor, setMissingFor] = useState<string | null>(null);
  useEffect(() => {
    if (!room) return;
    let live = true;
    void probeSyncServer().then((found) => {
      if (live && found === false) setMissingFor(room);
    });
    return () => {
      live = false;
    };
  }, [room]);
  return room !== undefined && missingFor === room;
}
