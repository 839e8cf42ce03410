// A row of tabs choosing what a section shows. With `panelId`, each tab names the panel it controls
// and gets an id (`<panelId>-tab-<value>`) the panel can be labelled by.
export interface TabChoice<T extends string | number> {
  value: T;
  label: string;
}

export function TabRow<T extends string | number>(props: {
  label: string;
  tabs: readonly TabChoice<T>[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  /** Prefix of each tab's `data-testid` (`<testIdPrefix>-<value>`). */
  testIdPrefix?: string;
  panelId?: string;
  /** More tabs than fit: the row scrolls sideways. */
  scroll?: boolean;
  className?: string;
}) {
  const classes = ['tabs', props.scroll ? 'tabs--scroll' : '', props.className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role="tablist" aria-label={props.label}>
      {props.tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab.value === props.value}
          {...(props.panelId
            ? { id: tabId(props.panelId, tab.value), 'aria-controls': props.panelId }
            : {})}
          {...(props.testIdPrefix ? { 'data-testid': `${props.testIdPrefix}-${tab.value}` } : {})}
          onClick={() => props.onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The id of a tab, for its panel's `aria-labelledby`. */
export function tabId(panelId: string, value: string | number): string {
  return `${panelId}-tab-${value}`;
}
