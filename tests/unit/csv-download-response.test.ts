import { describe, expect, it } from "vitest";
import { contentDisposition, downloadResponse, watchDownload } from "@/lib/csv/download-response";
import { csvFilename } from "@/lib/csv/filename";
import { csvResponse } from "@/lib/csv/stream";
import { zipResponse } from "@/lib/csv/zip";

function parts(header: string): { fallback: string; encoded: string } {
  const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(header);
  if (!match) throw new Error(`unexpected content-disposition: ${header}`);
  return { fallback: match[1]!, encoded: match[2]! };
}

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name percent-encoded (RFC 6266 / 5987)", () => {
    const name = "Académie Zoë — 収益 😀 (Q1) 'final' 100%*.csv";
    const { fallback, encoded } = parts(contentDisposition(name));
    expect(fallback).toBe("Academie Zoe _ __ __ (Q1) 'final' 100_*.csv");
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(encoded).toContain("Acad%C3%A9mie");
    expect(encoded).toContain("%F0%9F%98%80"); // 😀 as UTF-8 bytes
    expect(encoded).toContain("%28Q1%29%20%27final%27");
    expect(encoded).toContain("%2A");
  });

  it("keeps an ASCII slug as it is in both forms", () => {
    const name = csvFilename({ accountLabel: "Aurora Académie", report: "Refunds", from: "2026-01-01", to: "2026-01-31" });
    expect(contentDisposition(name)).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
  });

  it("cannot be used to inject a header, a path or a quote", () => {
    const header = contentDisposition('../../evil"\r\nSet-Cookie: a=b\\.csv');
    expect(header).not.toMatch(/[\r\n]/);
    const { fallback, encoded } = parts(header);
    expect(fallback).toBe("_.._evil_Set-Cookie: a=b_.csv");
    expect(decodeURIComponent(encoded)).not.toMatch(/[/\\\r\n]/);
  });

  it("survives lone surrogates, empty and over-long names", () => {
    expect(() => contentDisposition("bad\uD800name.csv")).not.toThrow();
    expect(parts(contentDisposition("")).fallback).toBe("download");
    expect(parts(contentDisposition("\u0000\u0001")).fallback).toBe("download");
    const long = parts(contentDisposition(`${"é".repeat(500)}.csv`));
    expect([...decodeURIComponent(long.encoded)]).toHaveLength(200);
    expect(long.fallback.endsWith(".csv")).toBe(true);
  });
});

describe("download responses", () => {
  it("csvResponse encodes a non-ASCII name", () => {
    const response = csvResponse(new ReadableStream(), "Relatório São Paulo.csv");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Relatorio Sao Paulo.csv"; filename*=UTF-8''Relat%C3%B3rio%20S%C3%A3o%20Paulo.csv`,
    );
  });

  it("zipResponse sets the ZIP type and the same protections", () => {
    const response = zipResponse(new ReadableStream(), "reports.zip");
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toContain(`filename="reports.zip"`);
  });
});

describe("watchDownload", () => {
  const failingBody = () => {
    let sent = false;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("row 2 could not be written"));
        sent = true;
        controller.enqueue(new TextEncoder().encode("a,b\r\n"));
      },
    });
  };

  it("reports a download that fails part-way, and still fails it for the client", async () => {
    const errors: unknown[] = [];
    const watched = watchDownload(downloadResponse(failingBody(), "x.csv", "text/csv"), (error) => errors.push(error));
    expect(watched.headers.get("content-disposition")).toMatch(/^attachment/);
    await expect(watched.text()).rejects.toThrow("row 2 could not be written");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TypeError);
  });

  it("passes a download that completes through unchanged, without a report", async () => {
    const errors: unknown[] = [];
    const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode("a,b\r\n1,2\r\n")), c.close()) });
    const watched = watchDownload(downloadResponse(body, "x.csv", "text/csv"), (error) => errors.push(error));
    expect(await watched.text()).toBe("a,b\r\n1,2\r\n");
    expect(errors).toEqual([]);
  });

  it("leaves a response that is not a download as it is", () => {
    const json = Response.json({ ok: true });
    expect(watchDownload(json, () => {})).toBe(json);
  });
});
