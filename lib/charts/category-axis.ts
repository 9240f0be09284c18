// The width of a bar chart's category axis: what its longest name needs, up to 40% of the chart
// (on a 390 px phone, about 150 px), and how many characters fit before a name is cut. A fixed
// 120 px axis cut names at 18 characters with room to spare on a wide screen.
const CHAR_PX = 6.6; // about one character of the 12 px axis font
const PAD_PX = 12;
const MIN_PX = 80;

export function categoryAxis(labels: readonly string[], chartWidth: number): { width: number; maxChars: number } {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const room = chartWidth > 0 ? chartWidth * 0.4 : 120;
  // Rounded up, and the characters counted with a little slack: rounding 91.2 px down to 91
  // left "Main product" room for 11 of its 12 characters, and it was cut on a wide chart.
  const width = Math.ceil(Math.max(MIN_PX, Math.min(room, longest * CHAR_PX + PAD_PX)));
  return { width, maxChars: Math.max(4, Math.floor((width - PAD_PX) / CHAR_PX + 1e-6)) };
}
