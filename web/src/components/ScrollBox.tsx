import type { ReactNode } from 'react';

/**
 * A box that scrolls its table sideways or down. It is a named, focusable region, so keyboard
 * users can scroll it with the arrow keys (axe: scrollable-region-focusable); its positioning
 * keeps screen-reader-only text inside it from stretching the page.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`table-scroll ${className ?? ''}`} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
