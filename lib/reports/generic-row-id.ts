// The key of a generic row's record id (refunds, chargebacks), shared by the server that sets it
// and the table that reads it. "$" starts no field name the upstream sends.
export const GENERIC_ROW_ID = "$id";
