// How many checkouts a creator's day holds: growth over the years, a yearly shape with
// Black Friday, and a weekly rhythm. Depends only on the absolute day, never on "now",
// so a closed day never changes its volume as time passes.
import { dayOf } from "./time";

const GROWTH_REFERENCE_DAY = dayOf(Date.UTC(2024, 0, 1));
const MONTH_FACTOR = [0.85, 0.9, 1, 1, 1, 0.95, 0.95, 1, 1, 1.05, 1.15, 1.1];
// Index 0 is Sunday (Date.getUTCDay).
const WEEKDAY_FACTOR = [0.85, 1.1, 1.08, 1.05, 1, 0.95, 0.8];

function blackFridayDay(year: number): number {
  const nov1 = new Date(Date.UTC(year, 10, 1));
  const firstFriday = 1 + ((5 - nov1.getUTCDay() + 7) % 7);
  return dayOf(Date.UTC(year, 10, firstFriday + 21));
}

export function expectedCheckouts(base: number, scale: number, day: number): number {
  const date = new Date(day * 86_400_000);
  const growth = Math.max(0.5, 1 + (0.4 * (day - GROWTH_REFERENCE_DAY)) / 365);
  const offset = day - blackFridayDay(date.getUTCFullYear());
  const promo = offset === 0 ? 3 : offset === 1 || offset === 2 ? 1.8 : offset === 3 ? 2 : 1;
  return base * scale * growth * (MONTH_FACTOR[date.getUTCMonth()] ?? 1) * (WEEKDAY_FACTOR[date.getUTCDay()] ?? 1) * promo;
}
