import type { ReactNode } from 'react';
import { StrokeIcon, type IconProps } from '../StrokeIcon';

/** Small inline stroke icons for the landing page. */
export type { IconProps };
export type IconComponent = (props: IconProps) => ReactNode;

export const IconMindMap: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="12" r="3" />
    <circle cx="4.5" cy="5.5" r="2" />
    <circle cx="19.5" cy="5.5" r="2" />
    <circle cx="4.5" cy="18.5" r="2" />
    <circle cx="19.5" cy="18.5" r="2" />
    <path d="M9.8 10 6 7M14.2 10 18 7M9.8 14 6 17M14.2 14 18 17" />
  </StrokeIcon>
);

export const IconConnections: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M9 15l6 -6" />
    <path d="M11 6l.463 -.536a5 5 0 0 1 7.071 7.072l-.534 .464" />
    <path d="M13 18l-.397 .534a5.068 5.068 0 0 1 -7.127 0a4.972 4.972 0 0 1 0 -7.071l.524 -.463" />
  </StrokeIcon>
);

export const IconLayout: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </StrokeIcon>
);

export const IconPalette: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M12 21a9 9 0 0 1 0 -18c4.97 0 9 3.582 9 8c0 1.06 -.474 2.078 -1.318 2.828c-.844 .75 -1.989 1.172 -3.182 1.172h-2.5a2 2 0 0 0 -1 3.75a1.3 1.3 0 0 1 -1 2.25" />
    <circle cx="7.5" cy="10.5" r=".8" fill="currentColor" />
    <circle cx="12" cy="7.5" r=".8" fill="currentColor" />
    <circle cx="16.5" cy="10.5" r=".8" fill="currentColor" />
  </StrokeIcon>
);

export const IconTemplate: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <rect x="4" y="4" width="16" height="4" rx="1" />
    <rect x="4" y="12" width="6" height="8" rx="1" />
    <path d="M14 12h6M14 16h6M14 20h6" />
  </StrokeIcon>
);

export const IconSparkles: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M16 18a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm0 -12a2 2 0 0 1 2 2a2 2 0 0 1 2 -2a2 2 0 0 1 -2 -2a2 2 0 0 1 -2 2zm-7 12a6 6 0 0 1 6 -6a6 6 0 0 1 -6 -6a6 6 0 0 1 -6 6a6 6 0 0 1 6 6z" />
  </StrokeIcon>
);

export const IconUsers: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    <path d="M21 21v-2a4 4 0 0 0 -3 -3.85" />
  </StrokeIcon>
);

export const IconPlug: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <ellipse cx="12" cy="6" rx="8" ry="3" />
    <path d="M4 6v6c0 1.657 3.582 3 8 3s8 -1.343 8 -3v-6" />
    <path d="M4 12v6c0 1.657 3.582 3 8 3s8 -1.343 8 -3v-6" />
  </StrokeIcon>
);

export const IconChart: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4 -4l3 3l6 -6" />
    <path d="M16 8h4v4" />
  </StrokeIcon>
);

export const IconSun: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7" />
  </StrokeIcon>
);

export const IconMoon: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454z" />
  </StrokeIcon>
);

export const IconChevronDown: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M6 9l6 6l6 -6" />
  </StrokeIcon>
);

export const IconArrowRight: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M5 12h14M13 18l6 -6M13 6l6 6" />
  </StrokeIcon>
);

export const IconBolt: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <path d="M13 3v7h6l-8 11v-7H5l8 -11" />
  </StrokeIcon>
);

export const IconLock: IconComponent = (p) => (
  <StrokeIcon {...p}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 1 1 8 0v4" />
  </StrokeIcon>
);

/** Brand marks (filled). */
export const IconBrandX: IconComponent = ({ size = 24, ...rest }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
    <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
  </svg>
);

export const IconBrandGithub: IconComponent = ({ size = 24, ...rest }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
    <path d="M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12" />
  </svg>
);
