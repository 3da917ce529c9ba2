/**
 * Files dropped on the canvas go to the Import dialog, which reads them like picked files (and shows
 * the same progress, sheet choice, errors and report). The canvas and the dialog do not know each
 * other; they meet here.
 */
type Listener = (file: File) => void;

const listeners = new Set<Listener>();

export function requestFileImport(file: File): void {
  for (const l of listeners) l(file);
}

export function onFileImportRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a drag carries files (and not text or a link dragged from the page). */
export function dragHasFiles(types: Iterable<string> | ArrayLike<string> | undefined): boolean {
  return !!types && Array.from(types).includes('Files');
}
