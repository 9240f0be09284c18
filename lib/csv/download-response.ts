// The response of a file download: attachment headers (RFC 6266 with an RFC 5987 UTF-8 name
// beside an ASCII fallback), never cached (a report is one account's data), never sniffed.
import { foldToAscii } from "./ascii-fold";

const MAX_NAME_CODE_POINTS = 200;

/** The Content-Disposition value for `filename`: attachment, ASCII fallback and UTF-8 name. */
export function contentDisposition(filename: string): string {
  const name = safeFilename(filename);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export function downloadResponse(body: ReadableStream<Uint8Array>, filename: string, contentType: string): Response {
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": contentType,
      "content-disposition": contentDisposition(filename),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

// No control characters (header injection, terminal tricks), no path separators, no lone
// surrogates (encodeURIComponent throws on them), no leading dots, a bounded length.
function safeFilename(filename: string): string {
  const cleaned = filename
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, "")
    .replace(/[/\\]/g, "_")
    .trim()
    .replace(/^\.+/, "");
  return truncateKeepingExtension(cleaned) || "download";
}

function truncateKeepingExtension(name: string): string {
  const points = [...name];
  if (points.length <= MAX_NAME_CODE_POINTS) return name;
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? "";
  return points.slice(0, MAX_NAME_CODE_POINTS - ext.length).join("") + ext;
}

// Inside the quoted string: printable ASCII only; '"' and '\' would need escapes that some
// clients mishandle, and '%' is percent-decoded by some, so they become '_'.
function asciiFallback(name: string): string {
  return foldToAscii(name).replace(/[^\x20-\x7E]|["\\%]/g, "_");
}

// RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which attr-char forbids.
function encodeRfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `response` with `onError` called if its download body fails part-way (after the status and
 * headers are sent, a failure can only end the download; the caller logs it). Responses that
 * are not downloads are returned as they are. Reads only when the client reads, as before.
 */
export function watchDownload(response: Response, onError: (error: unknown) => void): Response {
  if (!response.body || !/^attachment/i.test(response.headers.get("content-disposition") ?? "")) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
