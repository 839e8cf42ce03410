// The chart's colours, read from the app's CSS variables so the dark and white themes (and any
// later change to them) reach the canvas, which cannot use `var()` itself.

export interface ChartTheme {
  up: string;
  down: string;
  /** Axis labels and the legend. */
  text: string;
  grid: string;
  crosshair: string;
  /** Background of the crosshair's axis labels. */
  labelBackground: string;
  /** Text on a coloured label (the latest price). */
  onColour: string;
  /** MA 7, 25, 99. */
  ma: readonly [string, string, string];
  font: string;
}

const fallback: ChartTheme = {
  up: '#16c784',
  down: '#ea3943',
  text: '#8a91a3',
  grid: '#262e3b',
  crosshair: '#e6e8ee',
  labelBackground: '#1d2430',
  onColour: '#ffffff',
  ma: ['#f0b90b', '#c77dff', '#33b4f0'],
  font: '10px system-ui, sans-serif',
};

/** Reads the theme from the canvas's computed style (or anything that answers the same way). */
export function readTheme(style: Pick<CSSStyleDeclaration, 'getPropertyValue'>): ChartTheme {
  const read = (name: string, otherwise: string) =>
    style.getPropertyValue(name).trim() || otherwise;
  const family = style.getPropertyValue('font-family').trim() || 'system-ui, sans-serif';
  return {
    up: read('--win', fallback.up),
    down: read('--lose', fallback.down),
    text: read('--muted', fallback.text),
    grid: read('--line', fallback.grid),
    crosshair: read('--fg', fallback.crosshair),
    labelBackground: read('--surface-2', fallback.labelBackground),
    onColour: fallback.onColour,
    // MA 99 takes the accent; the two others are picked to stay apart from green, red and it.
    ma: [fallback.ma[0], fallback.ma[1], read('--accent', fallback.ma[2])],
    font: `10px ${family}`,
  };
}

export const defaultTheme = fallback;
