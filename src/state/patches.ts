/**
 * Applies immer patches by path copying, sharing the patch values instead of cloning them.
 *
 * Why not immer's applyPatches: it deep-clones every patch value, so undoing a bulk edit (whole
 * buckets as values) would copy thousands of topics. State is never mutated after it is made
 * (only copied along a path here or by immer), so sharing values is safe.
 */
import type { Patch } from 'immer';

type Container = Record<string | number, unknown> | unknown[];

function shallowCopy(obj: Container): Container {
  if (Array.isArray(obj)) return obj.slice();
  return Object.assign(Object.create(Object.getPrototypeOf(obj)) as object, obj) as Container;
}

export function applyPatchesShared<T extends object>(base: T, patches: readonly Patch[]): T {
  if (patches.length === 0) return base;
  const fresh = new Set<Container>();
  const root = shallowCopy(base as unknown as Container);
  fresh.add(root);
  for (const p of patches) {
    const path = p.path;
    if (path.length === 0) throw new Error('cannot replace the whole state with a patch');
    let parent = root as Record<string | number, unknown>;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i];
      let child = parent[key] as Container;
      if (child === null || typeof child !== 'object') throw new Error(`bad patch path ${path.join('.')}`);
      if (!fresh.has(child)) {
        child = shallowCopy(child);
        fresh.add(child);
        parent[key] = child;
      }
      parent = child as Record<string | number, unknown>;
    }
    const key = path[path.length - 1];
    if (Array.isArray(parent)) {
      const index = key === '-' ? parent.length : Number(key);
      if (p.op === 'add') parent.splice(index, 0, p.value);
      else if (p.op === 'remove') parent.splice(index, 1);
      else if (key === 'length') parent.length = p.value as number;
      else parent[index] = p.value;
    } else if (p.op === 'remove') {
      delete parent[key];
    } else {
      parent[key] = p.value;
    }
  }
  return root as unknown as T;
}
