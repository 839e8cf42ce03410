// An empty state: optional text and an optional action (spec §2).
export function EmptyState(props: { text?: string; actionLabel?: string; onAction?: () => void }) {
  return (
    <div className="empty-state">
      <div className="empty-state__art" aria-hidden="true">
        ◌
      </div>
      {props.text && <p className="empty-state__text">{props.text}</p>}
      {props.actionLabel && props.onAction && (
        <button type="button" className="button button--ghost" onClick={props.onAction}>
          {props.actionLabel}
        </button>
      )}
    </div>
  );
}
