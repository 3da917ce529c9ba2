/**
 * Files dropped on the canvas go to the Import dialog, which reads them like picked files (and shows
 * the same progress, sheet choice, errors and report). The canvas and the dialog do not know each
 * other; they meet here.
 */
import { notifyWarning } from '../notify';

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

/**
 * The file of a drop to import: the first. A map replaces the map, so one is read; with several the
 * user is told which one and that the others were not read.
 */
export function droppedFile(files: FileList | undefined | null): File | null {
  const file = files?.[0] ?? null;
  if (file && files!.length > 1) {
    const others = files!.length - 1;
    notifyWarning('One file at a time', `Importing “${file.name}”; the other ${others === 1 ? 'file was' : `${others} files were`} not read. Drop one map file at a time.`);
  }
  return file;
}
