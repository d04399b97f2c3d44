// The scheduler constants of spec section 9 that the berth planner draws with.
export const MINUTE_TO_WIDTH = 0.2;
export const METRE_TO_HEIGHT = 1;
export const TOP_BUFFER_PX = 8;
export const LEFT_BUFFER_PX = 20;
export const TERMINAL_COLUMN_PX = 80;
export const BOLLARD_COLUMN_PX = 91;
/** Spec 9's mobile breakpoint: under 768 px. */
export const PHONE_MAX_PX = 767;
/** The day header along the time axis. */
export const TIME_AXIS_PX = 44;
/** Extra header rows for the shift and volume overlays. */
export const SHIFT_ROW_PX = 22;
/** The tide curve's row along the time axis. */
export const TIDE_ROW_PX = 40;
/** Cards outside the viewport but within this margin are still rendered, so a short scroll shows no gaps. */
export const RENDER_MARGIN_PX = 300;
/** The free-space shading is computed on cells of this many metres. */
export const SHADE_CELL_METRES = 10;
/** Shift+arrow moves by this much instead of a whole step. */
export const FINE_STEP_MINUTES = 15;
export const FINE_STEP_METRES = 1;
