// Whitelist mode's switch: a real switch (`role="switch"`), named by its row's label, its state
// said by the row's word beside it.
export function WhitelistSwitch(props: {
  on: boolean;
  labelledBy: string;
  busy: boolean;
  onToggle(): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={props.on}
      aria-labelledby={props.labelledBy}
      data-testid="safe-whitelist-switch"
      disabled={props.busy}
      onClick={props.onToggle}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
