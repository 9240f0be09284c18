// GET /api/export/orders?{report params}: every order of the filtered range as CSV (creator
// keys only; an affiliate session gets 403), customer details masked. The same file as
// /api/export/orders/orders, at the address earlier links used.
import { GET as exportDataset } from "./[dataset]/route";

export function GET(request: Request) {
  return exportDataset(request, { params: Promise.resolve({ dataset: "orders" }) });
}
