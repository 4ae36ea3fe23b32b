import type { CanalEnvio } from '../envio/canal.ts';
import { enviarPreparadas } from '../envio/preparar.ts';
import { crearClienteSpfe } from './clienteSpfe.ts';

export const MSG_CANAL_SPFE = { sinUrl: 'Falta la dirección de la SPFE en la configuración de factura electrónica' };

/** Issued invoices to the AEAT's SPFE: the UBL, the PDF alongside when it applies; the registry id comes back. */
export const canalSpfe: CanalEnvio = {
  maxPorEnvio: 50,
  falta: (config) => (config.urlSpfe ? null : MSG_CANAL_SPFE.sinUrl),
  enviar(ctx, lote) {
    const cliente = crearClienteSpfe({ url: ctx.config.urlSpfe ?? '' });
    return enviarPreparadas(ctx, lote, async (facturas) => {
      const r = await cliente.presentarFacturas(
        facturas.map((f) => ({
          referencia: String(f.fila.idRegistro),
          nifEmisor: f.nifEmisor,
          nifReceptor: f.nifReceptor,
          numero: f.numero,
          fechaExpedicion: f.fecha,
          ubl: f.ubl,
          ...(f.pdf ? { pdf: f.pdf } : {}),
        })),
      );
      if (r.tipo !== 'ok') return r;
      return {
        tipo: 'ok',
        resultado: r.resultado.map((p, i) =>
          p.aceptada
            ? { ok: true, numeroRegistro: p.idRegistro, conPdf: facturas[i]!.pdf !== null }
            : { ok: false, codigo: p.codigo, mensaje: p.mensaje },
        ),
      };
    });
  },
};
