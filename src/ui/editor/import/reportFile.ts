/** The fidelity report as a downloadable JSON file (pure). */
import type { ImportReport } from '../../../state/interop/report';
import { summaryLine } from '../../../state/interop/report';

function isoDate(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** "mindflow_import-report_2026-11-23.json", after the export files' pattern. */
export function reportFileName(now: Date = new Date()): string {
  return `mindflow_import-report_${isoDate(now)}.json`;
}

export function reportJson(report: ImportReport, now: Date = new Date()): string {
  return JSON.stringify({ importedAt: now.toISOString(), summary: summaryLine(report), ...report }, null, 2);
}

/** "found 659 · kept 659", "found 86 · dropped 86", … for a feature's row. */
export function outcomeLine(f: { found: number; kept: number; converted: number; dropped: number; into?: string }): string {
  const n = new Intl.NumberFormat('en-US');
  const parts = [`found ${n.format(f.found)}`];
  if (f.kept) parts.push(`kept ${n.format(f.kept)}`);
  if (f.converted) parts.push(`converted ${n.format(f.converted)}${f.into ? ` to ${f.into}` : ''}`);
  if (f.dropped) parts.push(`dropped ${n.format(f.dropped)}`);
  return parts.join(' · ');
}
