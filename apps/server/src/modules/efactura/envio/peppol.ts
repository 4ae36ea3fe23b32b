import { ErrorSalida } from '../../../platform/egress/destino.ts';
import { peticionSaliente } from '../../../platform/egress/http.ts';
import type { CanalEnvio } from './canal.ts';
import { enviarPreparadas, type FacturaPreparada, type ResultadoEnvio } from './preparar.ts';

export const MSG_PEPPOL = {
  sinUrl: 'Falta la dirección del punto de acceso Peppol en la configuración de factura electrónica',
  sinId: 'El cliente no tiene identificador Peppol',
  respuesta: 'El punto de acceso Peppol no ha aceptado la factura',
} as const;

/**
 * Peppol. Faro is not a Peppol access point: it hands the UBL to the access point the company contracts, which
 * carries it over the network (AS4, SMP look-up, its certificates). Each access point publishes its own API; this
 * client speaks a minimal one — `POST {url}/documentos` with `{ Emisor, Receptor, Documento }` (participant ids as
 * `esquema:id`, the UBL in base64), answered with `{ Id }` — and is the one place to adapt to another provider.
 */
async function entregar(url: string, f: FacturaPreparada): Promise<ResultadoEnvio | 'transitorio'> {
  if (!f.peppolId) return { ok: false, codigo: 'peppol', mensaje: MSG_PEPPOL.sinId };
  try {
    const r = await peticionSaliente({
      url: `${url.replace(/\/+$/, '')}/documentos`,
      metodo: 'POST',
      cabeceras: { 'Content-Type': 'application/json; charset=utf-8' },
      cuerpo: JSON.stringify({
        Emisor: `9920:ES${f.nifEmisor}`,
        Receptor: f.peppolId,
        Documento: Buffer.from(f.ubl, 'utf8').toString('base64'),
      }),
      timeoutMs: 60_000,
    });
    if (r.estado >= 500) return 'transitorio';
    const json = JSON.parse(r.cuerpo.toString('utf8') || 'null') as { Id?: unknown; Mensaje?: unknown } | null;
    if (r.estado >= 200 && r.estado < 300 && typeof json?.Id === 'string')
      return { ok: true, numeroRegistro: json.Id, conPdf: false };
    return {
      ok: false,
      codigo: String(r.estado),
      mensaje: typeof json?.Mensaje === 'string' ? json.Mensaje : MSG_PEPPOL.respuesta,
    };
  } catch (error) {
    if (error instanceof ErrorSalida) return 'transitorio';
    return { ok: false, codigo: 'peppol', mensaje: MSG_PEPPOL.respuesta };
  }
}

/** One invoice per message: an access point that fails half-way never makes the first one travel twice. */
export const canalPeppol: CanalEnvio = {
  maxPorEnvio: 1,
  falta: (config) => (config.urlPeppol ? null : MSG_PEPPOL.sinUrl),
  enviar(ctx, lote) {
    return enviarPreparadas(ctx, lote, async (facturas) => {
      const resultado: ResultadoEnvio[] = [];
      for (const f of facturas) {
        const r = await entregar(ctx.config.urlPeppol ?? '', f);
        if (r === 'transitorio') return { tipo: 'transitorio', mensaje: MSG_PEPPOL.respuesta };
        resultado.push(r);
      }
      return { tipo: 'ok', resultado };
    });
  },
};
