/** The honeycomb mark of Honeypot Intel (decorative: the name stands beside it). */
export function Logo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 16 16" width={size} height={size} aria-hidden="true">
      <path d="M8 1l6 3.5v7L8 15l-6-3.5v-7z" fill="#f59e0b" />
      <path d="M8 4.5l3 1.75v3.5L8 11.5 5 9.75v-3.5z" fill="#78350f" />
    </svg>
  );
}
