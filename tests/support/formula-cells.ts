// Text cells that a spreadsheet would read as a formula, and how the CSV writer guards each (a
// leading apostrophe): the cell tests and the whole-file tests check the same guard.
export const FORMULA_CELLS: Array<[string, string]> = [
  ["=SUM(A1)", "'=SUM(A1)"],
  ["+1", "'+1"],
  ["-x", "'-x"],
  ["@cmd", "'@cmd"],
  ["\tab", "'\tab"],
  ["\rcr", "'\rcr"],
];
