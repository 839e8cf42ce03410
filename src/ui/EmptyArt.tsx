// The picture of an empty state: an open, empty tray. Still and closed in shape, so it cannot be
// read as a spinner that stalled (a dotted circle could); decorative, hidden from screen readers.
export function EmptyArt() {
  return (
    <svg
      className="empty-state__art"
      data-testid="empty-art"
      viewBox="0 0 64 48"
      width="64"
      height="48"
      aria-hidden="true"
      focusable="false"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <path d="M8 28 16 8h32l8 20" />
        <path d="M8 28v12a2 2 0 0 0 2 2h44a2 2 0 0 0 2-2V28H42a10 10 0 0 1-20 0Z" />
      </g>
    </svg>
  );
}
