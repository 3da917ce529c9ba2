import { useId } from 'react';

interface LogoMarkProps {
  size?: number;
  className?: string;
  /** Accessible name; when omitted the mark is decorative. */
  title?: string;
}

/** The MindFlow mark: a central idea with four connected branches (matches /favicon.svg). */
export function LogoMark({ size = 40, className, title }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#9b87f5" />
          <stop offset="100%" stopColor="#6366f1" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <path
        d="M32 32 14 18M32 32 50 18M32 32 14 46M32 32 50 46"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.85"
      />
      <circle cx="32" cy="32" r="9" fill="#fff" />
      <circle cx="14" cy="18" r="5" fill="#fff" />
      <circle cx="50" cy="18" r="5" fill="#fff" />
      <circle cx="14" cy="46" r="5" fill="#fff" />
      <circle cx="50" cy="46" r="5" fill="#fff" />
    </svg>
  );
}
