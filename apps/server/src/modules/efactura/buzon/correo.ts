import { ErrorFormato, leerFacturaElectronica } from '@faro/domain';
import type PostalMime from 'postal-mime';
import { AppError } from '../../../platform/http/errors.ts';
import { assertCleanInput, isCleanText } from '../../../platform/http/inputGuard.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaCorreos } from '../../../platform/tenancy/tables.ts';
import { crearAviso } from '../../crm/avisos.ts';
import { importarFacturaRecibida } from '../recepcion/importar.ts';
import type { ResultadoAdjunto } from './tablas.ts';

type Correo = Awaited<ReturnType<typeof PostalMime.parse>>;

export const MSG_BUZON = {
  sinFacturas: 'El correo no trae ninguna factura electrónica en XML (UBL, CII o Facturae)',
  titulo: (n: number, remitente: string) =>
    n === 1 ? `Factura electrónica recibida de ${remitente}` : `${n} facturas electrónicas recibidas de ${remitente}`,
  tituloError: (remitente: string) => `Correo de ${remitente} al buzón de facturas sin factura importada`,
  noImportada: 'No se ha podido importar la factura electrónica',
} as const;

/** An attachment the mailbox reads as an e-invoice: an XML by its name or type (a PDF beside it is the copy to read). */
const esXml = (a: Correo['attachments'][number]) =>
  /\.xml$/i.test(a.filename ?? '') || /[/+]xml$/i.test(a.mimeType.split(';')[0]!.trim());

/** A header's text as it may be stored and shown: without what the input guard refuses (per character), bounded. */
export const limpio = (t: string | null | undefined, max: number) =>
  t
    ? Array.from(t)
        .filter((c) => isCleanText(c))
        .join('')
        .slice(0, max)
    : null;

const bytesDe = (c: ArrayBuffer | Uint8Array | string) =>
  typeof c === 'string' ? new TextEncoder().encode(c) : c instanceof Uint8Array ? c : new Uint8Array(c);

/**
 * One mail to the company's mailbox: every XML attachment becomes a draft received invoice (each in its own
 * transaction: a bad one never undoes the others) with the sender and subject in its notes; the mail (sender,
 * subject, message id, text) is kept with what each attachment became; the purchases users get one Spanish
 * notification. Returns the results.
 */
export async function recibirCorreo(s: Scope, correo: Correo, remitente: string): Promise<ResultadoAdjunto[]> {
  const Asunto = limpio(correo.subject, 300);
  const nota = `Recibida por correo de ${remitente}${Asunto ? ` («${Asunto}»)` : ''}`;
  const resultados: ResultadoAdjunto[] = [];
  for (const [i, adjunto] of correo.attachments.filter(esXml).entries()) {
    const Fichero = (adjunto.filename || `factura-${i + 1}.xml`).slice(0, 200);
    try {
      const bytes = bytesDe(adjunto.content);
      const leida = leerFacturaElectronica(bytes);
      assertCleanInput(leida);
      const hecha = await s.tx((t) =>
        importarFacturaRecibida(t, leida, { nombre: Fichero, bytes }, { origen: 'correo', nota: nota.slice(0, 500) }),
      );
      resultados.push({ Fichero, IdDocumento: hecha.Id, Error: null });
    } catch (e) {
      if (!(e instanceof ErrorFormato || e instanceof AppError)) throw e;
      resultados.push({ Fichero, IdDocumento: null, Error: e.message || MSG_BUZON.noImportada });
    }
  }
  if (!resultados.length) resultados.push({ Fichero: '', IdDocumento: null, Error: MSG_BUZON.sinFacturas });
  await s.insert(efacturaCorreos, {
    Remitente: limpio(remitente, 320) ?? '',
    Asunto,
    IdMensaje: limpio(correo.messageId, 300),
    Texto: limpio(correo.text, 20_000),
    Resultados: resultados,
  });
  const hechas = resultados.filter((r) => r.IdDocumento !== null);
  await crearAviso(s, {
    Prioridad: hechas.length === resultados.length ? 'm' : 'a',
    Titulo: hechas.length ? MSG_BUZON.titulo(hechas.length, remitente) : MSG_BUZON.tituloError(remitente),
    Texto: resultados
      .map((r) => (r.IdDocumento ? `${r.Fichero}: borrador creado` : `${r.Fichero || 'Correo'}: ${r.Error}`))
      .join('\n'),
    Enlace: hechas.length === 1 ? `/fcompra/editar/${hechas[0]!.IdDocumento}` : '/fcompra',
  });
  return resultados;
}
