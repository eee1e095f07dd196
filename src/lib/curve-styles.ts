// How a chart tells its series apart (decision 0073): a colour and a dash each, the same on the product page
// (the classes .curve-s0 … .curve-s7 of src/styles/curves.css, which curve-styles.test.ts holds to this list)
// and in a datasheet (curve-drawing.ts). Dashes are lengths along a line 2 wide, as the page draws it.

export interface SeriesStyle {
  /** The line's colour, #rrggbb. */
  stroke: string;
  /** On and off lengths; none for a solid line. */
  dash: readonly number[];
  /** Round ends make the dots of a dotted line. */
  round?: true;
}

export const SERIES_STYLES: readonly SeriesStyle[] = [
  { stroke: '#1d4e89', dash: [] },
  { stroke: '#b8461a', dash: [8, 4] },
  { stroke: '#18794e', dash: [2, 3] },
  { stroke: '#7b3fa0', dash: [10, 3, 2, 3] },
  { stroke: '#8a6300', dash: [16, 5] },
  { stroke: '#c0266d', dash: [4, 4] },
  { stroke: '#2a7fb8', dash: [8, 3, 2, 3, 2, 3] },
  { stroke: '#3d4a57', dash: [1, 4], round: true },
];

/** The grid's and the frame's colours: the page's `--line` and `--muted` (global.css; the same test holds them). */
export const CHART_COLOURS = { grid: '#d9e0e8', frame: '#566474' } as const;
