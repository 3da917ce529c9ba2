/**
 * The editor (React panels, pixi.js, the state store) is its own chunk, so the landing page at "/"
 * loads none of it. A call-to-action hovered, focused or touched starts fetching it early.
 */
let editor: Promise<typeof import('./editor/EditorPage')> | null = null;

export function loadEditor(): Promise<typeof import('./editor/EditorPage')> {
  editor ??= import('./editor/EditorPage').catch((err: unknown) => {
    editor = null; // a failed fetch (offline, new deploy) may be retried on the next visit
    throw err;
  });
  return editor;
}

export function prefetchEditor(): void {
  loadEditor().catch(() => {});
}
