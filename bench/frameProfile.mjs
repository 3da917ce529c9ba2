/**
 * A CDP Profiler profile (Profiler.stop) summed by function: self time (where the samples were)
 * and total time (a sample counts once for every distinct function on its stack), top `n` of each,
 * in ms. Function names read best from an unminified build (`vite build --mode test --minify false`).
 */
export function profileSummary(profile, n = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const name = (node) => {
    const f = node.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() || '(native)'}:${f.lineNumber + 1}`;
  };
  const perNode = new Map();
  profile.samples.forEach((s, i) => perNode.set(s, (perNode.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map();
  const total = new Map();
  for (const [id, us] of perNode) {
    const leaf = byId.get(id);
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + us);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = name(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  }
  const top = (m) =>
    [...m]
      .filter(([k]) => !/^\((root|program|idle)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => [k, Math.round(us / 100) / 10]);
  return { sampledMs: Math.round([...perNode.values()].reduce((a, b) => a + b, 0) / 1000), self: top(self), total: top(total) };
}
