import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  to: string[];
}

/**
 * A real SMTP server in the test process (smtp-server), on loopback (a free port unless given): it keeps
 * every message it accepts, parsed (mailparser). `refuseNext(n)` answers the next n messages
 * 550, as a server that will not take them.
 */
export async function startSmtpSink(port = 0) {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            received.push({ raw, parsed, to: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    refuseNext: (n: number) => void (refusals = n),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
