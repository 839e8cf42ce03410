// Short messages over the page: server messages, copy results, confirmations of actions.
import { useApp } from '../app/app-context.tsx';

export function Toasts() {
  const { toasts } = useApp();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast">
          {toast.text}
        </div>
      ))}
    </div>
  );
}
