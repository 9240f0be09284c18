import { z } from "zod";

// The list envelope. Records are validated one by one afterwards, so that one bad
// record is reported instead of failing the whole answer.
export const listEnvelopeSchema = z.looseObject({
  data: z.array(z.unknown()),
  meta: z.looseObject({
    count: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    from: z.string().nullish(),
    to: z.string().nullish(),
    truncated: z.boolean(),
  }),
});

export type ListEnvelope = z.infer<typeof listEnvelopeSchema>;

/** Refunds, chargebacks, checkouts, products, offers: fields not shown by the contract. */
export const genericRecordSchema = z.record(z.string(), z.unknown());
export type GenericRecord = z.infer<typeof genericRecordSchema>;
