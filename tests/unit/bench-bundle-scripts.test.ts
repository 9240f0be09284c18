// bench:bundle counts what a browser downloads for a page: every script the HTML names, the
// chunks of the inline RSC payload included, the nomodule polyfills (never run) left out.
import { describe, expect, it } from "vitest";
import { scriptsNamed } from "@/scripts/bench-bundle";

describe("scriptsNamed", () => {
  it("takes <script src> and the RSC payload's chunks once each, and sets nomodule scripts apart", () => {
    const html = [
      `<script src="/_next/static/chunks/polyfill.js" noModule=""></script>`,
      `<script src="/_next/static/chunks/main.js" async=""></script>`,
      `<script src="/_next/static/chunks/page.js?dpl=a&amp;b=1" async=""></script>`,
      `<script>self.__next_f.push([1,"2:I[123,[\\"/_next/static/chunks/main.js\\",\\"/_next/static/chunks/lazy-ref.js\\"],\\"X\\"]"])</script>`,
      `<script>self.__next_f.push([1,"/_next/static/chunks/polyfill.js"])</script>`,
    ].join("");
    const { scripts, nomodule } = scriptsNamed(html);
    expect(scripts.sort()).toEqual(["/_next/static/chunks/lazy-ref.js", "/_next/static/chunks/main.js", "/_next/static/chunks/page.js"]);
    expect(nomodule).toEqual(["/_next/static/chunks/polyfill.js"]);
  });
});
