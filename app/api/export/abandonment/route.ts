// GET /api/export/abandonment?{report params}: every abandoned cart of the filtered range as
// CSV (creator keys only), customer details masked. The same file as
// /api/export/abandonment/carts, at the address earlier links used.
import { GET as exportDataset } from "./[dataset]/route";

export function GET(request: Request) {
  return exportDataset(request, { params: Promise.resolve({ dataset: "carts" }) });
}
