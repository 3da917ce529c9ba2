export interface ShapeMap {
  nodes: { id: string; type: string; position: { x: number; y: number }; parentId: string | null; connectionType: string; data: Record<string, unknown> }[];
  edges: { id: string; source: string; target: string; style: Record<string, unknown>; animated: boolean }[];
  meta: { exportedAt: string; version: string };
}
export interface Shape {
  name: string;
  kind: 'generated' | 'flat' | 'chain';
  topics: number;
  param: number;
}
export function flatMap(n: number, seed?: number): ShapeMap;
export function chainMap(n: number, seed?: number): ShapeMap;
export function parseShape(spec: string): Shape;
