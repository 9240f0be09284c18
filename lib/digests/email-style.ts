// The mails' look (digests, alerts): inline styles, which every mail client reads, and the dark and
// narrow-screen rules for those that read a style block.
export const styles = {
  body: { backgroundColor: "#f4f4f5", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", margin: 0, padding: "16px 0" },
  container: { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "600px", padding: "24px" },
  muted: { color: "#52525b", fontSize: "14px", lineHeight: "20px" },
  cell: { fontSize: "14px", lineHeight: "20px", padding: "4px 0", borderTop: "1px solid #e4e4e7" },
  number: { fontSize: "14px", lineHeight: "20px", padding: "4px 0 4px 10px", textAlign: "right" as const, whiteSpace: "nowrap" as const, borderTop: "1px solid #e4e4e7", fontVariantNumeric: "tabular-nums" },
  head: { fontWeight: 400, padding: "4px 0 4px 10px" },
  right: { textAlign: "right" as const },
  link: { color: "#1d4ed8" },
};

// Mail clients that follow the reader's dark setting read these; the others keep the light colours.
export const DARK = `@media (prefers-color-scheme: dark) {
  body, .sd-body { background-color: #18181b !important; }
  .sd-card { background-color: #27272a !important; }
  .sd-card p, .sd-card h1, .sd-card h2, .sd-card td, .sd-card th { color: #f4f4f5 !important; }
  .sd-card td { border-color: #3f3f46 !important; }
  .sd-card a { color: #93c5fd !important; }
}
@media (max-width: 480px) {
  .sd-card { padding: 16px !important; }
  .sd-card td, .sd-card th { font-size: 13px !important; }
}`;
