import { fieldError } from '../http/errors.ts';
import { comprobarSmtp, comprobarUrl, ErrorSalida, MSG_SALIDA } from './destino.ts';

/**
 * The check of a destination when a company saves it, as a field error (400): the same classification as at
 * connect time. A name that does not resolve now is accepted (the DNS may be down); the connection checks again.
 */

function campoDe(error: unknown, campo: string, campoPuerto?: string): never | undefined {
  if (!(error instanceof ErrorSalida) || error.causa !== 'no-permitido') return undefined;
  if (error.motivo === 'https') throw fieldError(campo, MSG_SALIDA.https);
  if (error.motivo === 'puerto') throw fieldError(campoPuerto ?? campo, MSG_SALIDA.puertoSmtp);
  throw fieldError(campo, MSG_SALIDA.noPermitida);
}

/** An HTTP(S) URL a company sets (AUES, SMS gateway, VeriFactu, TicketBAI). Empty: nothing to check. */
export async function urlAlGuardar(campo: string, url: string | null | undefined): Promise<void> {
  if (!url) return;
  await comprobarUrl(url).catch((e) => campoDe(e, campo));
}

/** A company's SMTP server (host and port). Empty host: nothing to check. */
export async function smtpAlGuardar(
  campoHost: string,
  campoPuerto: string,
  host: string | null | undefined,
  puerto: number,
): Promise<void> {
  if (!host) return;
  await comprobarSmtp(host, puerto).catch((e) => campoDe(e, campoHost, campoPuerto));
}
