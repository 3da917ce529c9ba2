/**
 * An imported map laid out where it was parsed (the import worker), while the page reads the map
 * itself: the page then only puts each topic where this says, and takes the one-line labels' widths
 * instead of measuring 100k labels again. Why: the layout and its measuring were a third of the
 * page's work on a 100k import, and the worker is idle while the page reads the map.
 *
 * Sizes are the canvas's (topicSizes.ts), from the page's own character widths: a map with a
 * character the page has not measured is left to the page (null).
 */
import { getNode, type MindMapState } from '../../../state/doc';
import { LayoutEngine } from '../../../state/layout/engine';
import type { TidyLayout } from '../../../state/layout/tidy';
import { NODE_HEIGHT } from '../../../scene/constants';
import { layoutLabel, TextMeasurer } from '../../../scene/topics/nodeMetrics';

export interface PlaceRequest {
  kind: TidyLayout;
  /** The page's character widths (TextMeasurer.knownWidths). */
  widths: [string, number][];
}

/**
 * By topic, in the order the page reads them: x and y pairs (NaN: one the layout did not place; it
 * keeps its place), and each one-line label's width (-1: several lines, or not measured).
 */
export interface PlacedMap {
  kind: TidyLayout;
  positions: Float64Array;
  widths: Float64Array;
}

export function placeMap(state: MindMapState, order: readonly string[], request: PlaceRequest): PlacedMap | null {
  let missing = false;
  const measurer = TextMeasurer.fromWidths(request.widths, () => {
    missing = true;
  });
  const n = order.length;
  const widths = new Float64Array(n).fill(-1);
  const slotOf = new Map<string, number>();
  for (let i = 0; i < n; i++) slotOf.set(order[i], i);
  const positions = new LayoutEngine(request.kind, (id) => {
    const m = layoutLabel(measurer, getNode(state, id)?.data.label);
    const i = slotOf.get(id);
    if (i !== undefined) widths[i] = m.lines.length === 1 ? m.width : -1;
    return { width: m.width, height: NODE_HEIGHT };
  }).layOutAll(state);
  if (missing) return null;
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const s = positions.slot(order[i]);
    xy[2 * i] = s < 0 ? Number.NaN : positions.x[s];
    xy[2 * i + 1] = s < 0 ? Number.NaN : positions.y[s];
  }
  return { kind: request.kind, positions: xy, widths };
}
