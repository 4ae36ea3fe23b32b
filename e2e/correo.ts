/**
 * Journeys whose server must deliver mail: the describe block gets its own server, sending to a local SMTP sink, and
 * a browser on it; the codes the mails carry are read from the sink.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { mailText, startSmtpSink } from '../apps/server/test/smtpSink.ts';
import { type Browser, openBrowser } from './browser.ts';
import { startServer } from './harness.ts';

export type BuzonLocal = Awaited<ReturnType<typeof startSmtpSink>>;

/** The block's browser and mail sink, once its own server runs (read them inside a test). */
export interface ConCorreo {
  b: Browser;
  smtp: BuzonLocal;
}

/** Starts the block's own server delivering to a new SMTP sink, and a browser on it; stops all three after it. */
export function servidorConCorreo(): () => ConCorreo {
  let smtp: BuzonLocal | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let b: Browser | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ SMTP_URL: smtp.url });
    b = await openBrowser(server.url);
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await server?.stop();
    await smtp?.stop();
  });
  return () => {
    if (!b || !smtp) throw new Error('The server with mail of this describe block did not start');
    return { b, smtp };
  };
}

/**
 * The six-digit code that `patron` (one group) finds in the newest mail to `to`, waited for: the server's mail job
 * delivers the outbox a moment after the action that wrote it.
 */
export async function codigoDelCorreo(smtp: BuzonLocal, to: string, patron: RegExp): Promise<string> {
  let codigo = '';
  await expect
    .poll(
      () => {
        const m = [...smtp.mails].reverse().find((x) => x.to.includes(to));
        codigo = m ? (patron.exec(mailText(m.raw))?.[1] ?? '') : '';
        return codigo;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toMatch(/^\d{6}$/);
  return codigo;
}
