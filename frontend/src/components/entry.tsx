import type { ReactNode } from 'react';

/**
 * One term and its value in a `<dl className="entries">`: a request's details, a summary to
 * check before sending.
 */
export function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
