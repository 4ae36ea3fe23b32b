import { MSG_MARKETING } from '@faro/domain';
import type { Transporter } from 'nodemailer';
import { peticionSaliente } from '../../platform/egress/http.ts';
import { errorDeCorreo, transporteSmtp } from '../../platform/egress/smtp.ts';
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

/**
 * E-mail through the company's own SMTP server or, without one, the platform's (SMTP_URL), both through the egress
 * door (`platform/egress/smtp.ts`): a company's server is checked at every connection like any outbound call.
 */
export function transporteCorreo(
  c: ConfigEnvio | undefined,
  opts: { secret: string; smtpUrl?: string; remitente: string },
): Transporte {
  // nodemailer (~0.1 s to import) loads with the first e-mail sent, not at start.
  let creado: Transporter | null = null;
  let pendiente: Promise<Transporter | null> | undefined;
  const crear = async (): Promise<Transporter | null> => {
    if (c?.SmtpHost) {
      creado = await transporteSmtp({
        host: c.SmtpHost,
        puerto: c.SmtpPuerto ?? 587,
        seguro: c.SmtpSeguro,
        pool: true,
        maxConexiones: 2,
        sinTls: !c.SmtpSeguro && c.SmtpHost === '127.0.0.1',
        usuario: c.SmtpUsuario ?? undefined,
        clave: c.SmtpUsuario ? descifrarClave(opts.secret, c.SmtpClave) : undefined,
      });
    } else if (opts.smtpUrl) creado = await transporteSmtp({ url: opts.smtpUrl, dePlataforma: true });
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
      await t
        .sendMail({
          from,
          to: e.para,
          subject: e.asunto,
          text: e.texto,
          html: e.html,
          messageId: `<${e.id}@faro>`,
          headers: e.baja
            ? { 'List-Unsubscribe': `<${e.baja}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : undefined,
        })
        .catch((error: unknown) => {
          throw errorDeCorreo(error);
        });
    },
    cerrar: () => creado?.close(),
  };
}

/**
 * SMS through an HTTP gateway: POST {Remitente, Destino, Texto, Referencia} as JSON to the configured URL with
 * Basic credentials, through the egress door; any 2xx is accepted, anything else is an error with its code.
 */
export function transporteSms(c: ConfigEnvio | undefined, secret: string): Transporte {
  return {
    async enviar(e) {
      if (!c?.SmsUrl) throw new Error(MSG_MARKETING.sinPasarela);
      const auth = c.SmsUsuario
        ? `Basic ${Buffer.from(`${c.SmsUsuario}:${descifrarClave(secret, c.SmsClave)}`).toString('base64')}`
        : undefined;
      const res = await peticionSaliente({
        url: c.SmsUrl,
        metodo: 'POST',
        cabeceras: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        cuerpo: JSON.stringify({
          Remitente: c.SmsRemitente ?? 'Faro',
          Destino: e.para,
          Texto: e.texto,
          Referencia: e.id,
        }),
        timeoutMs: 15_000,
        maxBytes: 64 * 1024,
      });
      if (res.estado < 200 || res.estado >= 300) {
        throw new Error(`La pasarela de SMS respondió con el código ${res.estado}`);
      }
    },
  };
}
