/** Small stroke icons for the editor chrome (24×24 viewBox, currentColor). */
import type { CSSProperties, ReactNode } from 'react';
import { StrokeIcon } from '../StrokeIcon';

function Icon({ size = 18, children, style }: { size?: number; style?: CSSProperties; children: ReactNode }) {
  return (
    <StrokeIcon size={size} strokeWidth={2} style={style}>
      {children}
    </StrokeIcon>
  );
}

type P = { size?: number; style?: CSSProperties };
export const IconArrowLeft = (p: P) => <Icon {...p}><path d="M19 12H5M12 19l-7-7 7-7" /></Icon>;
export const IconPlus = (p: P) => <Icon {...p}><path d="M12 5v14M5 12h14" /></Icon>;
export const IconTrash = (p: P) => <Icon {...p}><path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" /></Icon>;
export const IconUpload = (p: P) => <Icon {...p}><path d="M12 21V9M7 14l5-5 5 5M5 3h14" /></Icon>;
export const IconUndo = (p: P) => <Icon {...p}><path d="M9 14L4 9l5-5" /><path d="M4 9h10a6 6 0 010 12h-3" /></Icon>;
export const IconRedo = (p: P) => <Icon {...p}><path d="M15 14l5-5-5-5" /><path d="M20 9H10a6 6 0 000 12h3" /></Icon>;
export const IconEraser = (p: P) => <Icon {...p}><path d="M20 20H8l-5-5 10-10 8 8-7 7" /><path d="M6 11l7 7" /></Icon>;
export const IconKeyboard = (p: P) => <Icon {...p}><rect x="2" y="6" width="20" height="12" rx="2" /><path d="M6 10h0M10 10h0M14 10h0M18 10h0M7 14h10" /></Icon>;
export const IconSearch = (p: P) => <Icon {...p}><circle cx="11" cy="11" r="7" /><path d="M21 21l-4.3-4.3" /></Icon>;
export const IconZoomIn = (p: P) => <Icon {...p}><circle cx="11" cy="11" r="7" /><path d="M21 21l-4.3-4.3M11 8v6M8 11h6" /></Icon>;
export const IconZoomOut = (p: P) => <Icon {...p}><circle cx="11" cy="11" r="7" /><path d="M21 21l-4.3-4.3M8 11h6" /></Icon>;
export const IconFit = (p: P) => <Icon {...p}><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></Icon>;
export const IconGrid = (p: P) => <Icon {...p}><path d="M3 9h18M3 15h18M9 3v18M15 3v18" /></Icon>;
export const IconBolt = (p: P) => <Icon {...p}><path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" /></Icon>;
export const IconSun = (p: P) => <Icon {...p}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></Icon>;
export const IconMoon = (p: P) => <Icon {...p}><path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" /></Icon>;
export const IconMaximize = (p: P) => <Icon {...p}><path d="M8 3H3v5M16 3h5v5M8 21H3v-5M16 21h5v-5" /></Icon>;
export const IconTools = (p: P) => <Icon {...p}><path d="M4 6h16M4 12h16M4 18h16" /></Icon>;
export const IconChevronDown = (p: P) => <Icon {...p}><path d="M6 9l6 6 6-6" /></Icon>;
export const IconCheck = (p: P) => <Icon {...p}><path d="M5 12l5 5L20 7" /></Icon>;
export const IconExternal = (p: P) => <Icon {...p}><path d="M14 3h7v7M21 3l-9 9M19 14v6H4V5h6" /></Icon>;
export const IconGrip = (p: P) => <Icon {...p}><path d="M9 6h0M15 6h0M9 12h0M15 12h0M9 18h0M15 18h0" strokeWidth={3} /></Icon>;
export const IconAlert = (p: P) => <Icon {...p}><path d="M12 9v4M12 17h0" /><path d="M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" /></Icon>;
