import type { ReactNode } from 'react';

/** Inline SVG icons: decorative (aria-hidden), drawn in currentColor, 1em square. */
export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="ask-ai-icon" viewBox="0 0 20 20" width="1em" height="1em" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const SparkleIcon = () => (
  <Icon>
    <path fill="currentColor" d="M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 14.5 7.3 9.7 2.5 8 7.3 6.3Z" />
    <path fill="currentColor" d="M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="m5 5 10 10M15 5 5 15" />
  </Icon>
);
