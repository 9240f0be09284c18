// Counters by string key for the breakdowns. Most dimensions have a handful of values (four
// purchase types, a few payment methods), and a short array compared with === beats a Map:
// short strings are interned, so === is a pointer test, where Map.get hashes every string
// that JSON.parse made anew. Past 16 keys the rest go to a Map.

export interface Cell {
  count: number;
  cents: number;
  label: string | null | undefined;
}

const LINEAR_KEYS = 16;

export class KeyCells {
  private readonly keys: string[] = [];
  private readonly cells: Cell[] = [];
  private overflow: Map<string, Cell> | undefined;

  /** The cell of a key, created (with its label) on first sight. */
  cellOf(key: string, label: string | null | undefined): Cell {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.cells[i]!;
    let cell = this.overflow?.get(key);
    if (cell === undefined) {
      cell = { count: 0, cents: 0, label };
      if (keys.length < LINEAR_KEYS) {
        keys.push(key);
        this.cells.push(cell);
      } else (this.overflow ??= new Map()).set(key, cell);
    }
    return cell;
  }

  entries(): [string, Cell][] {
    const pairs = this.keys.map((k, i): [string, Cell] => [k, this.cells[i]!]);
    return this.overflow ? [...pairs, ...this.overflow] : pairs;
  }
}
