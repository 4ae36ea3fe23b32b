import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import { correosSalida, correosSalidaAdjuntos } from '../db/schema.ts';
import { errorDeCorreo, transporteSmtp } from '../egress/smtp.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files attached (kept in `correos_salida_adjuntos` beside the outbox row). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then delivered by nodemailer; without it the
 * outbox is the destination and the log shows the mail (so links work on a fresh machine).
 */
export function createMailer(
  db: Db,
  options: { smtpUrl?: string; from: string; log: (message: string) => void },
): Mailer {
  // nodemailer (~0.1 s to import) loads with the first mail that goes out by SMTP, not at start.
  let transport: Promise<Transporter> | undefined;
  const smtpUrl = options.smtpUrl;
  const transporte = () => {
    // SMTP_URL is the operator's: trusted, but the connection still goes through the egress door.
    transport ??= transporteSmtp({ url: smtpUrl, dePlataforma: true });
    return transport;
  };
  return {
    async send(mail) {
      const [row] = await db
        .insert(correosSalida)
        .values({ para: mail.to, asunto: mail.subject, texto: mail.text })
        .returning({ id: correosSalida.id });
      if (mail.attachments?.length) {
        await db.insert(correosSalidaAdjuntos).values(
          mail.attachments.map((a, i) => ({
            correoId: row!.id,
            orden: i + 1,
            nombre: a.filename,
            tipo: a.contentType,
            contenido: a.content,
          })),
        );
      }
      if (!smtpUrl) {
        options.log(`Correo en la bandeja de salida para ${mail.to}: ${mail.subject}\n${mail.text}`);
        return;
      }
      try {
        await (await transporte()).sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments,
        });
        await db.update(correosSalida).set({ enviado: new Date() }).where(eq(correosSalida.id, row!.id));
      } catch (error) {
        const mensaje = errorDeCorreo(error).message;
        await db.update(correosSalida).set({ error: mensaje }).where(eq(correosSalida.id, row!.id));
        options.log(`No se pudo enviar el correo a ${mail.to}: ${mensaje}`);
      }
    },
  };
}
