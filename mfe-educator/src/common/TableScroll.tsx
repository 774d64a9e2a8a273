import type { ReactNode } from 'react';

/** A table that may scroll sideways on phones: a named region that keyboard users can focus and scroll. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
