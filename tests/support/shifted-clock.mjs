// Loaded with `node --import` into a test's own dashboard process only: the server's clock,
// moved by the number of milliseconds written in SALESDASH_TEST_CLOCK_FILE (read at most every
// 100 ms), so a test can let a day pass for the server without waiting for it. Production code
// knows nothing of it: it reads Date as always.
import fs from "node:fs";

const file = process.env.SALESDASH_TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let readAt = -Infinity;
  const shift = () => {
    const now = realNow();
    if (now - readAt > 100) {
      readAt = now;
      try {
        offset = Number(fs.readFileSync(file, "utf8").trim()) || 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };
  // A Proxy, not a subclass: Dates made anywhere (drivers, native code) stay `instanceof Date`.
  RealDate.now = () => realNow() + shift();
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [realNow() + shift()], newTarget),
    apply: () => new RealDate(realNow() + shift()).toString(),
  });
}
