// Shipment tracking of a physical order: milestones in time order, most of them delivered.
import type { Rng } from "./random";
import type { RawTracking, TrackingEvent } from "./raw-types";

const HOUR = 3_600_000;

export function makeTracking(rng: Rng, country: string, completedMs: number): RawTracking {
  const brazil = country === "BR";
  const carrier = brazil ? rng.weighted(["Correios", "Jadlog", "Loggi"], [60, 25, 15]) : rng.weighted(["DHL", "DPD", "UPS"], [50, 30, 20]);
  const code = brazil ? `${rng.token(2).toUpperCase()}${rng.digits(9)}BR` : `1Z${rng.token(16).toUpperCase()}`;
  const events: TrackingEvent[] = [];
  let t = completedMs + rng.int(4, 36) * HOUR;
  events.push({ milestone: "label_created", ms: t });
  t += rng.int(12, 48) * HOUR;
  events.push({ milestone: "posted", ms: t });
  t += rng.int(12, 36) * HOUR;
  events.push({ milestone: "in_transit", ms: t });
  if (rng.chance(0.04)) {
    t += rng.int(48, 120) * HOUR;
    events.push({ milestone: "delivery_exception", ms: t });
    t += rng.int(72, 240) * HOUR;
    events.push({ milestone: "returned_to_sender", ms: t });
    return { provider: brazil ? "Melhor Envio" : "ShipStation", carrier, code, events, deliveredMs: null };
  }
  t += rng.int(24, 192) * HOUR;
  events.push({ milestone: "out_for_delivery", ms: t });
  t += rng.int(2, 10) * HOUR;
  events.push({ milestone: "delivered", ms: t });
  return { provider: brazil ? "Melhor Envio" : "ShipStation", carrier, code, events, deliveredMs: t };
}
