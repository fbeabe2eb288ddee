import type { ReactNode } from 'react';

/** A 24 px line icon in the text colour; decorative unless given a `label`. */
export function Icon({ label, children }: { label?: string; children: ReactNode }) {
  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...accessibility}
    >
      {children}
    </svg>
  );
}
