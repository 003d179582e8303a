// The same palette the exported workpaper uses, so letters keep their colour from screen to sheet.
const PALETTE = ["#dc2626", "#2563eb", "#16a34a", "#d97706", "#9333ea", "#0891b2", "#db2777", "#4d7c0f"];

export function itemColor(index: number): string {
  return PALETTE[index % PALETTE.length];
}
