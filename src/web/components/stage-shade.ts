/** The shade a stage's colour is drawn in: its band, its row's edge, and a badge naming it. */
export const STAGE_SHADE = 6;
