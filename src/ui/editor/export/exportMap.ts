/**
 * The exports of the Export menu. JSON and the outline formats (Markdown, OPML, FreeMind, XMind) go
 * through the state module's exporters; SVG is drawn as vector (svgExport.ts); PNG and PDF
 * render the whole map off-screen (renderMap.ts) in the current theme at 2× pixel ratio, scaled
 * down for maps too large for one canvas.
 */
import type { MindMapState } from '../../../state/doc';
import { exportFormat, type ExportFormatId } from '../../../state/interop/exportFormats';
import { exportFileName, exportJson } from '../../../state/snapshot';
import { downloadBlob } from './download';
import { EXPORT_PIXEL_RATIO, pdfPageSize, withExtension } from './rasterPlan';
import { renderMapToCanvas, type DrawOptions } from './renderMap';
import { mapToSvg } from './svgExport';

export interface ExportResult {
  fileName: string;
  /** Set when the image had to be scaled down to fit the browser's canvas limits. */
  scaledNote?: string;
  /** What the format could not hold ("OPML has no place for 3 connections"), when something was lost. */
  lost?: string;
}

export function exportJsonFile(state: MindMapState, now = new Date()): ExportResult {
  const fileName = exportFileName(now);
  downloadBlob(new Blob([exportJson(state, now)], { type: 'application/json' }), fileName);
  return { fileName };
}

/** Markdown, OPML, FreeMind or XMind (or JSON) through the state module's table of formats. */
export async function exportFormatFile(id: ExportFormatId, state: MindMapState, now = new Date()): Promise<ExportResult> {
  await nextFrame();
  const format = exportFormat(id);
  const { data, lost } = format.write(state, now);
  const fileName = withExtension(exportFileName(now), format.extension);
  downloadBlob(new Blob([data as BlobPart], { type: format.mime }), fileName);
  return lost ? { fileName, lost } : { fileName };
}

/** The whole map as a vector picture in the current theme. */
export async function exportSvgFile(state: MindMapState, o: DrawOptions, now = new Date()): Promise<ExportResult> {
  await nextFrame();
  const fileName = withExtension(exportFileName(now), 'svg');
  downloadBlob(new Blob([mapToSvg(state, o)], { type: 'image/svg+xml' }), fileName);
  return { fileName };
}

function scaledNote(scale: number): string | undefined {
  if (scale >= EXPORT_PIXEL_RATIO - 1e-9) return undefined;
  const pct = scale * 100;
  const shown = pct >= 10 ? Math.round(pct) : pct >= 1 ? pct.toFixed(1) : pct.toPrecision(1);
  return `The map is too large for one image, so it was scaled to ${shown}% (instead of 200%).`;
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded.'))), type),
  );
}

/** Lets the button's loading state paint before the (synchronous) drawing starts. */
const nextFrame = () => new Promise<void>((r) => setTimeout(r, 16));

export async function exportPngFile(state: MindMapState, o: DrawOptions, now = new Date()): Promise<ExportResult> {
  await nextFrame();
  const { canvas, plan } = renderMapToCanvas(state, o);
  const blob = await toBlob(canvas, 'image/png');
  canvas.width = canvas.height = 0;
  const fileName = withExtension(exportFileName(now), 'png');
  downloadBlob(blob, fileName);
  return { fileName, scaledNote: scaledNote(plan.scale) };
}

/** A PDF holding the map's image, one page sized to the map's aspect ratio. */
export async function exportPdfFile(state: MindMapState, o: DrawOptions, now = new Date()): Promise<ExportResult> {
  await nextFrame();
  // PDF viewers struggle with huge embedded images; 24 Mpx is plenty for print.
  const { canvas, plan } = renderMapToCanvas(state, { ...o, maxPixels: 24_000_000 });
  const { jsPDF } = await import('jspdf');
  const page = pdfPageSize(plan.width, plan.height, plan.scale);
  const pdf = new jsPDF({
    orientation: page.width >= page.height ? 'landscape' : 'portrait',
    unit: 'pt',
    format: [page.width, page.height],
    compress: true,
  });
  pdf.setProperties({ title: 'MindFlow mind map', creator: 'MindFlow' });
  pdf.addImage(canvas, 'PNG', 0, 0, page.width, page.height, undefined, 'FAST');
  canvas.width = canvas.height = 0;
  const fileName = withExtension(exportFileName(now), 'pdf');
  downloadBlob(pdf.output('blob'), fileName);
  return { fileName, scaledNote: scaledNote(plan.scale) };
}
