/** Template previews: each template's map drawn small by the export renderer, cached per theme. */
import type { Template } from '../../../state/importMap';
import { restoreMap } from '../../../state/restore';
import { renderMapToCanvas } from '../export/renderMap';

const cache = new Map<string, string>();

export function templatePreview(template: Template, theme: 'light' | 'dark'): string | null {
  if (template.previewImage) return template.previewImage;
  const key = `${template.id}|${theme}`;
  const hit = cache.get(key);
  if (hit) return hit;
  try {
    const restored = restoreMap({ nodes: template.nodes, edges: [] });
    if (!restored.ok) return null;
    const { canvas } = renderMapToCanvas(restored.state, { theme, pixelRatio: 1, maxSide: 640, grid: false });
    const url = canvas.toDataURL('image/png');
    cache.set(key, url);
    return url;
  } catch {
    return null;
  }
}
