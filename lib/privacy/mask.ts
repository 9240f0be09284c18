// Customer personal data is masked on the server before it reaches a page: the browser
// receives "A*** S***", never the name, unless the user asks to see it.

export function maskName(name: string | null | undefined): string {
  if (!name) return "";
  // [...part] splits by code point, so a first letter outside the BMP is not cut in half.
  return name.split(/\s+/).filter(Boolean).map((part) => `${[...part][0]}***`).join(" ");
}

export function maskEmail(email: string | null | undefined): string {
  if (!email) return "";
  const at = email.lastIndexOf("@"); // a quoted local part may contain "@" itself
  if (at < 1) return "***";
  return `${[...email][0]}***@${email.slice(at + 1)}`;
}

/** Only the last two digits of a phone number. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "");
  return digits.length <= 2 ? "***" : `***${digits.slice(-2)}`;
}
