import classes from './MapPreview.module.css';

interface PreviewNode {
  id: string;
  label: string;
  x: number;
  y: number;
  w: number;
  color: string;
  root?: boolean;
}

const NODES: readonly PreviewNode[] = [
  { id: 'root', label: 'Product Launch', x: 300, y: 205, w: 150, color: '#9b87f5', root: true },
  { id: 'research', label: 'Research', x: 130, y: 125, w: 112, color: '#3b82f6' },
  { id: 'users', label: 'User interviews', x: 130, y: 50, w: 128, color: '#3b82f6' },
  { id: 'design', label: 'Design', x: 470, y: 125, w: 104, color: '#ec4899' },
  { id: 'proto', label: 'Prototype', x: 470, y: 50, w: 108, color: '#ec4899' },
  { id: 'marketing', label: 'Marketing', x: 130, y: 285, w: 116, color: '#f59e0b' },
  { id: 'campaign', label: 'Campaign', x: 130, y: 360, w: 110, color: '#f59e0b' },
  { id: 'timeline', label: 'Timeline', x: 470, y: 285, w: 108, color: '#10b981' },
  { id: 'launch', label: 'Launch day', x: 470, y: 360, w: 114, color: '#10b981' },
];

const EDGES: readonly [string, string][] = [
  ['root', 'research'],
  ['root', 'design'],
  ['root', 'marketing'],
  ['root', 'timeline'],
  ['research', 'users'],
  ['design', 'proto'],
  ['marketing', 'campaign'],
  ['timeline', 'launch'],
];

const NODE_H = 34;
const byId = new Map(NODES.map((n) => [n.id, n]));

function edgePath(a: PreviewNode, b: PreviewNode): string {
  const midX = (a.x + b.x) / 2;
  return `M${a.x} ${a.y} C${midX} ${a.y}, ${midX} ${b.y}, ${b.x} ${b.y}`;
}

/** A static illustration of a mind map, drawn like the editor draws one. Purely decorative. */
export function MapPreview() {
  return (
    <div className={classes.frame}>
      <div className={classes.toolbar} aria-hidden="true">
        <span className={classes.dot} data-color="red" />
        <span className={classes.dot} data-color="yellow" />
        <span className={classes.dot} data-color="green" />
        <span className={classes.address}>mindflow / mindmap</span>
      </div>
      <svg
        className={classes.canvas}
        viewBox="0 0 600 410"
        role="img"
        aria-label="Example mind map: Product Launch with branches for research, design, marketing and timeline"
      >
        <defs>
          <pattern id="mf-preview-grid" width="24" height="24" patternUnits="userSpaceOnUse">
            <circle cx="1" cy="1" r="1" className={classes.gridDot} />
          </pattern>
        </defs>
        <rect width="600" height="410" fill="url(#mf-preview-grid)" />
        {EDGES.map(([from, to]) => {
          const a = byId.get(from)!;
          const b = byId.get(to)!;
          return (
            <path
              key={`${from}-${to}`}
              d={edgePath(a, b)}
              stroke={a.color}
              strokeWidth={2}
              fill="none"
              className={from === 'root' ? classes.edgeAnimated : classes.edge}
            />
          );
        })}
        {NODES.map((n) => (
          <g key={n.id} transform={`translate(${n.x - n.w / 2} ${n.y - NODE_H / 2})`}>
            <rect
              width={n.w}
              height={NODE_H}
              rx={10}
              className={n.root ? classes.rootNode : classes.node}
              style={n.root ? { fill: n.color } : { stroke: n.color }}
            />
            {!n.root && <rect x={0} y={8} width={4} height={NODE_H - 16} rx={2} fill={n.color} />}
            <text
              x={n.w / 2}
              y={NODE_H / 2}
              dominantBaseline="central"
              textAnchor="middle"
              className={n.root ? classes.rootLabel : classes.label}
            >
              {n.label}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
