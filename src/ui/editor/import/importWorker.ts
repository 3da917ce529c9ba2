/**
 * The parsing worker: reads a dropped or picked file (or pasted text) and turns it into a map
 * snapshot with its fidelity report, off the main thread, so the page stays responsive while a big
 * file is unzipped and parsed. One worker per import; the dialog terminates it to cancel.
 */
import { readMapFile, sizeError } from '../../../state/interop';
import { encodeMapText, orderedMap } from '../../../state/mapText';
import { MESSAGES, type MindNode } from '../../../state/model';
import { hasOwnPositions } from './ownPositions';
import { placeMap, type PlacedMap } from './placeMap';
import type { ParseMessage, ParseRequest, ReadMapOutcome } from './protocol';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ParseRequest>) => void) | null;
  postMessage(message: ParseMessage, transfer?: Transferable[]): void;
};

const post = (m: ParseMessage) => scope.postMessage(m);

/**
 * The outcome as it is sent: a map as one compact text where it can be (mapText.ts: a fraction of
 * the cost of cloning 100k topic and edge objects, and the page need not restore it again).
 */
function forTransfer(outcome: Awaited<ReturnType<typeof readMapFile>>): { sent: ReadMapOutcome; order: MindNode[] | null } {
  if (outcome.ok !== true) return { sent: outcome, order: null };
  const { snapshot, state, ...rest } = outcome;
  // A converted file's snapshot is in the text's order already (toMap.ts); JSON may not be.
  let order = snapshot.nodes;
  let mapText = encodeMapText({ rootId: state.rootId, settings: state.settings, nodes: snapshot.nodes, edges: snapshot.edges });
  if (mapText === null) {
    const ordered = orderedMap(state);
    mapText = ordered && encodeMapText(ordered);
    if (ordered) order = ordered.nodes;
  }
  return mapText ? { sent: { ...rest, mapText }, order } : { sent: { ...rest, snapshot }, order: null };
}

/**
 * Sends the read map, then, when the page asked and the map has no positions of its own, where its
 * topics go (placeMap.ts): the page reads the map meanwhile.
 */
function send(outcome: Awaited<ReturnType<typeof readMapFile>>, place: ParseRequest['place']): void {
  // The page can show the build's stage while the map is packed and sent (see ImportDialog).
  if (outcome.ok === true) post({ type: 'progress', stage: 'building', topics: outcome.count });
  const { sent, order } = forTransfer(outcome);
  post({ type: 'done', outcome: sent });
  if (!place) return;
  let placed: PlacedMap | null = null;
  try {
    if (outcome.ok === true && order && !hasOwnPositions(outcome)) placed = placeMap(outcome.state, order.map((n) => n.id), place);
  } catch (err) {
    // The page lays the map out itself; it must hear back either way.
    console.error('Laying the imported map out failed', err);
  }
  if (placed) scope.postMessage({ type: 'placed', placed }, [placed.positions.buffer, placed.widths.buffer]);
  else post({ type: 'placed', placed: null });
}

/** Reads the file in chunks so the dialog can show how far reading got. */
async function readBytes(file: File): Promise<Uint8Array> {
  const out = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let at = 0;
  let shown = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > out.length) throw new Error('the file grew while it was read');
    out.set(value, at);
    at += value.length;
    const fraction = file.size > 0 ? at / file.size : 1;
    if (fraction - shown >= 0.05) {
      shown = fraction;
      post({ type: 'progress', stage: 'reading', fraction });
    }
  }
  return at === out.length ? out : out.subarray(0, at);
}

scope.onmessage = (e) => {
  // A reader that throws instead of answering is a bug; the dialog must still hear back.
  handle(e.data).catch((err: unknown) => {
    console.error('Import failed', err);
    post({ type: 'done', outcome: { ok: false, error: MESSAGES.fileReadError } });
  });
};

async function handle(req: ParseRequest): Promise<void> {
  // The editor lays imported maps out itself, with measured sizes (applyImport.ts): none here.
  const options = { layout: false, ...(req.sheet !== undefined ? { sheet: req.sheet } : {}) };
  if (req.file) {
    const file = req.file;
    // Refused before reading: a 2 GB file must not be loaded into memory first.
    const tooLarge = sizeError(file.size, file.name);
    if (tooLarge) {
      post({ type: 'done', outcome: { ok: false, error: tooLarge } });
      return;
    }
    post({ type: 'progress', stage: 'reading', fraction: 0 });
    let bytes: Uint8Array;
    try {
      bytes = await readBytes(file);
    } catch {
      post({ type: 'done', outcome: { ok: false, error: MESSAGES.fileReadError } });
      return;
    }
    post({ type: 'progress', stage: 'parsing' });
    send(readMapFile({ bytes, fileName: file.name }, options), req.place);
    return;
  }
  post({ type: 'progress', stage: 'parsing' });
  send(readMapFile({ text: req.text ?? '' }, options), req.place);
}
