import { MSG_CANAL_EFACTURA } from '@faro/domain';
import { empresa } from '../../../platform/tenancy/tables.ts';
import type { ClaveFirma } from '../../../registrosFiscales/xades.ts';
import type { CanalEnvio } from '../envio/canal.ts';
import type { ResultadoEnvio } from '../envio/preparar.ts';
import { claveEmpresa, facturaeDeFactura } from '../facturae/cargar.ts';
import { type ClienteFace, crearClienteFace } from './cliente.ts';

export const MSG_CANAL_FACE = {
  sinUrl: 'Falta la dirección de FACe en la configuración de factura electrónica',
  sinCorreo: 'Falta el correo electrónico de la empresa: FACe avisa en él de cada cambio de estado',
  anulada: 'La factura está anulada: no se envía',
} as const;

/** FACe's client for a company (the simulator's CA from FARO_FACE_CA in the demo and journeys). */
export function clienteFaceDe(url: string, clave: ClaveFirma): ClienteFace {
  return crearClienteFace({ url, clave, ...(process.env.FARO_FACE_CA ? { ca: process.env.FARO_FACE_CA } : {}) });
}

/**
 * Issued invoices to public bodies through FACe: each invoice's Facturae 3.2.2 signed with the company's
 * certificate, one per request (FACe registers one at a time, so a transport failure never leaves a batch half
 * registered); the registry number comes back. An invoice FACe refuses, or that cannot be built (no DIR3 units,
 * data Facturae requires), is rejected by itself; no certificate or a refused request stops the company's FACe
 * round until fixed.
 */
export const canalFace: CanalEnvio = {
  maxPorEnvio: 1,
  falta: (config) => (config.urlFace ? null : MSG_CANAL_FACE.sinUrl),
  async enviar(ctx, lote) {
    let clave: ClaveFirma;
    try {
      clave = await claveEmpresa(ctx.s);
    } catch (error) {
      return { tipo: 'bloqueo', mensaje: (error as Error).message };
    }
    const [emp] = await ctx.s.company({ email: empresa.email });
    if (!emp?.email) return { tipo: 'bloqueo', mensaje: MSG_CANAL_FACE.sinCorreo };
    const face = clienteFaceDe(ctx.config.urlFace ?? '', clave);
    const resultado: ResultadoEnvio[] = [];
    for (const fila of lote) {
      let xml: string;
      let numero: string;
      try {
        const f = await facturaeDeFactura(ctx.s, fila.idDocumento, { clave });
        if (f.cabecera.estado === 'Anulada') throw new Error(MSG_CANAL_FACE.anulada);
        if (!f.dir3) throw new Error(MSG_CANAL_EFACTURA.dir3Obligatorio);
        [xml, numero] = [f.xml, f.cabecera.numSerie ?? String(fila.idDocumento)];
      } catch (error) {
        resultado.push({ ok: false, codigo: 'facturae', mensaje: (error as Error).message });
        continue;
      }
      const nombre = `factura-${numero}.xsig`.replace(/[^\w.-]/g, '_');
      const r = await face.enviarFactura({ correo: emp.email, nombre, facturae: xml });
      if (r.tipo === 'transitorio') return r;
      if (r.tipo === 'fallo') return { tipo: 'bloqueo', mensaje: r.mensaje };
      resultado.push(
        r.tipo === 'ok'
          ? { ok: true, numeroRegistro: r.resultado.numeroRegistro, conPdf: false }
          : { ok: false, codigo: r.codigo, mensaje: r.descripcion },
      );
    }
    return { tipo: 'ok', resultado };
  },
};
