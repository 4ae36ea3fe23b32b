import { motorVenta } from '../../ventas/ladoVenta.ts';
import type { CanalEnvio } from './canal.ts';
import { type ContextoEnvio, enviarPreparadas, type FilaEnvio, type ResultadoEnvio } from './preparar.ts';

const TIPOS = ['factura', 'simplificada', 'rectificativa'];

/** The invoice's e-mail as its «Enviar» button builds it (template, customer's address, the PDF attached). */
async function correoDe(ctx: ContextoEnvio, fila: FilaEnvio) {
  const h = await motorVenta.cargarCabecera(ctx.s, fila.idDocumento, TIPOS);
  return motorVenta.prepararCorreo(ctx.s, h, {});
}

const rechazo = (error: unknown): ResultadoEnvio => ({
  ok: false,
  codigo: 'correo',
  mensaje: (error as Error).message,
});

/** The readable PDF by e-mail, one invoice at a time (the company's usual way). */
export const canalPdfEmail: CanalEnvio = {
  maxPorEnvio: 10,
  falta: () => null,
  async enviar(ctx, lote) {
    const resultado: ResultadoEnvio[] = [];
    for (const fila of lote) {
      try {
        const { mail } = await correoDe(ctx, fila);
        await ctx.enviarCorreo(mail);
        resultado.push({ ok: true, conPdf: true });
      } catch (error) {
        resultado.push(rechazo(error));
      }
    }
    return { tipo: 'ok', resultado };
  },
};

/** An e-mail carrying the structured invoice (UBL, validated) and the PDF when it goes alongside. */
export const canalEmailXml: CanalEnvio = {
  maxPorEnvio: 10,
  falta: () => null,
  enviar(ctx, lote) {
    return enviarPreparadas(ctx, lote, async (facturas) => {
      const resultado: ResultadoEnvio[] = [];
      for (const f of facturas) {
        try {
          const { mail } = await correoDe(ctx, f.fila);
          const ubl = {
            filename: `factura-${f.numero}.xml`.replace(/[^\w.-]/g, '_'),
            content: Buffer.from(f.ubl, 'utf8'),
            contentType: 'application/xml',
          };
          await ctx.enviarCorreo({ ...mail, attachments: [ubl, ...(f.pdf ? (mail.attachments ?? []) : [])] });
          resultado.push({ ok: true, conPdf: f.pdf !== null });
        } catch (error) {
          resultado.push(rechazo(error));
        }
      }
      return { tipo: 'ok', resultado };
    });
  },
};
