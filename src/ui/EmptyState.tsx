// An empty state: optional text and an optional action (docs/product.md §2).
import { EmptyArt } from './EmptyArt.tsx';

export function EmptyState(props: { text?: string; actionLabel?: string; onAction?: () => void }) {
  return (
    <div className="empty-state">
      <EmptyArt />
      {props.text && <p className="empty-state__text">{props.text}</p>}
      {props.actionLabel && props.onAction && (
        <button type="button" className="button button--ghost" onClick={props.onAction}>
          {props.actionLabel}
        </button>
      )}
    </div>
  );
}
