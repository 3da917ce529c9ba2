/**
 * Topic sizes for the layouts, measured the way the canvas measures them (same font, same width
 * rules), so laid-out topics sit exactly a gap apart on screen.
 */
import { getNodeData } from '../../state/doc';
import type { SizeOf } from '../../state/layout/tidy';
import type { MindMapStore } from '../../state/store';
import { NODE_HEIGHT } from '../../scene/constants';
import { labelMetrics, type MetricsCache } from '../../scene/topics/nodeMetrics';

export function topicSizer(store: MindMapStore): SizeOf {
  let cache: MetricsCache | null = null;
  return (id, label) => {
    cache ??= labelMetrics();
    // The label only: reading the whole topic of a laid-out map would copy it to its new place.
    return { width: cache.get(id, label ?? getNodeData(store.getState(), id)?.label).width, height: NODE_HEIGHT };
  };
}
