/**
 * The fidelity report of an import: per feature of the source format, how many were found and
 * how many were kept, converted (into what) or dropped, with up to three example topic paths each,
 * plus warnings and the choices the importer made. found = kept + converted + dropped by
 * construction: every count goes through one of the three outcomes.
 */
import type { CountedAs } from './outline';
import { counted, singular } from './plural';

export interface FeatureCount {
  feature: string;
  found: number;
  kept: number;
  converted: number;
  /** What converted items became ("text", "topics", …). */
  into?: string;
  dropped: number;
  /** Up to three topic paths ("Root › Branch › Topic") where the feature was found. */
  examples: string[];
}

export interface ImportReport {
  /** Human name of the format ("Freeplane", "OPML", "Markdown", "XMind", "Indented text", "JSON"). */
  format: string;
  fileName?: string;
  topics: number;
  features: FeatureCount[];
  warnings: string[];
  choices: string[];
}

export const MAX_EXAMPLES = 3;

/**
 * A topic path, or a function that builds it: readers pass a function so that a path is only built
 * for the first few examples of a feature, not for every topic of a 100k-topic file.
 */
export type ExamplePath = string | (() => string);

export class ReportBuilder {
  private readonly features = new Map<string, FeatureCount>();
  /**
   * Per feature, the first example paths, read when the report is built: a reader reports a topic
   * before it has read the topic's own text (Freeplane's rich-text labels come after).
   */
  private readonly examples = new Map<string, ExamplePath[]>();
  private readonly warnings: string[] = [];
  private readonly choices: string[] = [];

  constructor(
    private readonly format: string,
    private readonly fileName?: string,
  ) {}

  kept(feature: string, path?: ExamplePath, count = 1): void {
    this.entry(feature, path, count).kept += count;
  }

  /** A feature converted into two things ("notes", "connections") gets a line per `into`. */
  converted(feature: string, into: string, path?: ExamplePath, count = 1): void {
    const e = this.entry(this.convertedKey(feature, into), path, count, feature);
    e.converted += count;
    e.into ??= into;
  }

  dropped(feature: string, path?: ExamplePath, count = 1): void {
    this.entry(feature, path, count).dropped += count;
  }

  /** Takes back one item counted as kept or converted: a later step dropped it (and reports that). */
  withdraw(counted: CountedAs): void {
    const key = this.keyOf(counted);
    const e = this.features.get(key);
    if (!e || e[counted.as] === 0) return;
    e[counted.as] -= 1;
    e.found -= 1;
    if (e.found === 0) this.features.delete(key);
    const paths = counted.example === undefined ? undefined : this.examples.get(key);
    const at = paths ? paths.indexOf(counted.example!) : -1;
    if (at !== -1) paths!.splice(at, 1);
  }

  /**
   * Offers an example for an item already counted, where withdrawals may have left the feature with
   * fewer examples than it has items (an item counted past the examples kept, then confirmed).
   */
  confirm(counted: CountedAs): void {
    const key = this.keyOf(counted);
    if (counted.example === undefined || !this.features.has(key)) return;
    let paths = this.examples.get(key);
    if (!paths) this.examples.set(key, (paths = []));
    if (paths.length < 2 * MAX_EXAMPLES && !paths.includes(counted.example)) paths.push(counted.example);
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  choose(message: string): void {
    if (!this.choices.includes(message)) this.choices.push(message);
  }

  build(topics: number): ImportReport {
    for (const [feature, paths] of this.examples) {
      const e = this.features.get(feature);
      if (!e) continue;
      for (const example of paths) {
        if (e.examples.length >= MAX_EXAMPLES) break;
        const path = typeof example === 'function' ? example() : example;
        if (!e.examples.includes(path)) e.examples.push(path);
      }
    }
    this.examples.clear();
    return {
      format: this.format,
      ...(this.fileName ? { fileName: this.fileName } : {}),
      topics,
      features: [...this.features.values()],
      warnings: [...this.warnings],
      choices: [...this.choices],
    };
  }

  /**
   * The entry converted items go to: the feature's own, unless it already holds items converted
   * into something else; then one of its own for this `into`.
   */
  private convertedKey(feature: string, into: string): string {
    const own = this.features.get(feature);
    return own === undefined || own.into === undefined || own.into === into ? feature : `${feature}\u0000${into}`;
  }

  private keyOf(counted: CountedAs): string {
    return counted.as === 'converted' && counted.into !== undefined ? this.convertedKey(counted.feature, counted.into) : counted.feature;
  }

  private entry(key: string, example: ExamplePath | undefined, count: number, feature = key): FeatureCount {
    let e = this.features.get(key);
    if (!e) {
      e = { feature, found: 0, kept: 0, converted: 0, dropped: 0, examples: [] };
      this.features.set(key, e);
    }
    e.found += count;
    if (example !== undefined) {
      let paths = this.examples.get(key);
      if (!paths) this.examples.set(key, (paths = []));
      // A few more than are shown: two examples may be one path.
      if (paths.length < 2 * MAX_EXAMPLES) paths.push(example);
    }
    return e;
  }
}

function phrase(items: { n: number; what: string; into?: string }[]): string {
  return items
    .map((i) => (i.into ? counted(i.n, `${i.what} to ${i.into}`, `${singular(i.what)} to ${intoSingular(i.into)}`) : counted(i.n, i.what)))
    .join(', ');
}

/** What one converted item became: "text cut to 1,000 characters"; the notes field keeps its name ("1 link to notes"). */
function intoSingular(into: string): string {
  return into.startsWith('notes') ? into : singular(into);
}

/**
 * The report's one line: "1,460 topics. Kept: 659 collapsed, 53 links, 13 connections. Converted:
 * 304 rich-text notes to text. Dropped: 86 icons, 1 cloud".
 */
export function summaryLine(report: ImportReport): string {
  return [counted(report.topics, 'topics'), ...outcomeParts(report)].join('. ');
}

/** The summary line's parts after the topic count: "Kept: …", "Converted: …", "Dropped: …" (those with items). */
export function outcomeParts(report: ImportReport): string[] {
  const parts: string[] = [];
  const kept = report.features.filter((f) => f.kept > 0).map((f) => ({ n: f.kept, what: f.feature }));
  const converted = report.features.filter((f) => f.converted > 0).map((f) => ({ n: f.converted, what: f.feature, into: f.into }));
  const dropped = report.features.filter((f) => f.dropped > 0).map((f) => ({ n: f.dropped, what: f.feature }));
  if (kept.length) parts.push(`Kept: ${phrase(kept)}`);
  if (converted.length) parts.push(`Converted: ${phrase(converted)}`);
  if (dropped.length) parts.push(`Dropped: ${phrase(dropped)}`);
  return parts;
}

const PATH_LABEL_MAX = 40;
const PATH_DEPTH_MAX = 6;

/**
 * "Root › Branch › Topic" from labels root first; long labels are shortened and deep paths keep the
 * root and the last levels ("Root › … › Parent › Topic").
 */
export function topicPath(labels: readonly string[]): string {
  const short = (l: string): string => {
    const one = l.replace(/\s+/g, ' ').trim() || '(untitled)';
    return one.length > PATH_LABEL_MAX ? `${one.slice(0, PATH_LABEL_MAX - 1)}…` : one;
  };
  if (labels.length <= PATH_DEPTH_MAX) return labels.map(short).join(' › ');
  const tail = labels.slice(labels.length - (PATH_DEPTH_MAX - 2));
  return [short(labels[0]), '…', ...tail.map(short)].join(' › ');
}

/** A reader's stack entry: the topic and the entry it sits under. */
export interface PathFrame {
  topic: { label: string };
  parent: PathFrame | null;
}

/** The topic path of a reader's stack entry, computed only if a report needs it. */
export function pathOf(frame: PathFrame): () => string {
  return () => {
    const labels: string[] = [];
    for (let f: PathFrame | null = frame; f !== null; f = f.parent) labels.push(f.topic.label);
    return topicPath(labels.reverse());
  };
}
