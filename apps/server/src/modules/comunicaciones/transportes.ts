import { MSG_MARKETING } from '@faro/domain';
import type { Transporter } from 'nodemailer';
import { cifrar, descifrar } from '../ventas/verifactu/configuracion.ts';

/** One message to hand over to a channel. */
export interface Envio {
  para: string;
  asunto: string;
  texto: string;
  html?: string;
  /** Marketing e-mails: the one-click unsubscribe URL (List-Unsubscribe + List-Unsubscribe-Post headers). */
  baja?: string;
  /** Stable id of the queue row, so a receiving server can recognise a repeat. */
  id: string;
}
export interface Transporte {
  enviar(e: Envio): Promise<void>;
  cerrar?(): void;
}

/** The company's sending settings as stored (`mk_config`), passwords encrypted. */
export interface ConfigEnvio {
  SmtpHost: string | null;
  SmtpPuerto: number | null;
  SmtpSeguro: boolean;
  SmtpUsuario: string | null;
  SmtpClave: string | null;
  Remitente: string | null;
  SmsUrl: string | null;
  SmsUsuario: string | null;
  SmsClave: string | null;
  SmsRemitente: string | null;
}

/** Passwords are kept like the VeriFactu certificate: AES-256-GCM under the server secret. */
export const cifrarClave = (secret: string, clave: string) => cifrar(secret, Buffer.from(clave, 'utf8'));
const descifrarClave = (secret: string, texto: string | null) =>
  texto ? descifrar(secret, texto).toString('utf8') : '';

/** E-mail through the company's own SMTP server or, without one, the platform's (SMTP_URL). */
export function transporteCorreo(
  c: ConfigEnvio | undefined,
  opts: { secret: string; smtpUrl?: string; remitente: string },
): Transporte {
  // nodemailer (~0.1 s to import) loads with the first e-mail sent, not at start (issue 22).
  let creado: Transporter | null = null;
  let pendiente: Promise<Transporter | null> | undefined;
  const crear = async (): Promise<Transporter | null> => {
    const { default: nodemailer } = await import('nodemailer');
    const propio = c?.SmtpHost
      ? nodemailer.createTransport({
          host: c.SmtpHost,
          port: c.SmtpPuerto ?? 587,
          secure: c.SmtpSeguro,
          pool: true,
          maxConnections: 2,
          ignoreTLS: !c.SmtpSeguro && c.SmtpHost === '127.0.0.1',
          auth: c.SmtpUsuario ? { user: c.SmtpUsuario, pass: descifrarClave(opts.secret, c.SmtpClave) } : undefined,
        })
      : null;
    creado = propio ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null);
    return creado;
  };
  const transporte = () => {
    pendiente ??= crear();
    return pendiente;
  };
  const from = c?.Remitente || opts.remitente;
  return {
    async enviar(e) {
      if (!c?.SmtpHost && !opts.smtpUrl) throw new Error(MSG_MARKETING.sinServidor);
      const t = await transporte();
      if (!t) throw new Error(MSG_MARKETING.sinServidor);
      await t.sendMail({
        from,
        to: e.para,
        subject: e.asunto,
        text: e.texto,
        html: e.html,
        messageId: `<${e.id}@faro>`,
        headers: e.baja
          ? { 'List-Unsubscribe': `<${e.baja}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : undefined,
      });
    },
    cerrar: () => creado?.close(),
  };
}

/**
 * SMS through an HTTP gateway: POST {Remitente, Destino, Texto, Referencia} as JSON to the configured URL with
 * Basic credentials; any 2xx is accepted, anything else is an error with the gateway's answer.
 */
export function transporteSms(c: ConfigEnvio | undefined, secret: string): Transporte {
  return {
    async enviar(e) {
      if (!c?.SmsUrl) throw new Error(MSG_MARKETING.sinPasarela);
      const auth = c.SmsUsuario
        ? `Basic ${Buffer.from(`${c.SmsUsuario}:${descifrarClave(secret, c.SmsClave)}`).toString('base64')}`
        : undefined;
      const res = await fetch(c.SmsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify({
          Remitente: c.SmsRemitente ?? 'Faro',
          Destino: e.para,
          Texto: e.texto,
          Referencia: e.id,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`Pasarela SMS: ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
  };
}
