import { and, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaEnvios, empresa } from '../../../platform/tenancy/tables.ts';
import { leerConfig } from '../envio/config.ts';
import { crearClienteSpfe } from './clienteSpfe.ts';
import type { ClienteSpfe } from './contrato.ts';

/** The SPFE's invoices whose customers may still report something: registered and not yet paid. */
export const porConsultar = () =>
  and(
    eq(efacturaEnvios.canal, 'spfe'),
    eq(efacturaEnvios.estado, 'enviado'),
    isNotNull(efacturaEnvios.numeroRegistro),
    or(isNull(efacturaEnvios.estadoCliente), ne(efacturaEnvios.estadoCliente, 'pagada')),
  );

export interface ResultadoConsulta {
  consultadas: number;
  actualizadas: number;
  /** Why nothing could be asked (no endpoint, the SPFE down). */
  error?: string;
}

/** Invoices asked per call. */
const POR_CONSULTA = 200;

/**
 * Asks the SPFE which statuses customers reported on the company's invoices it registered and stores the last one
 * on each (accepted, rejected with reason, paid with date). A paid invoice is not asked again.
 */
export async function consultarEstadosSpfe(s: Scope, cliente?: ClienteSpfe): Promise<ResultadoConsulta> {
  const config = await leerConfig(s);
  if (!cliente && !config.urlSpfe) return { consultadas: 0, actualizadas: 0, error: 'Falta la dirección de la SPFE' };
  const spfe = cliente ?? crearClienteSpfe({ url: config.urlSpfe! });
  const e = efacturaEnvios;
  const filas = await s.pick(
    { id: e.idRegistro, numeroRegistro: e.numeroRegistro, estadoCliente: e.estadoCliente, fecha: e.fechaEstadoCliente },
    e,
    porConsultar(),
  );
  const [emp] = await s.company({ nif: empresa.nif });
  const out: ResultadoConsulta = { consultadas: 0, actualizadas: 0 };
  for (let i = 0; i < filas.length; i += POR_CONSULTA) {
    const tramo = filas.slice(i, i + POR_CONSULTA);
    const r = await spfe.consultarEstados(
      emp?.nif ?? '',
      tramo.map((f) => f.numeroRegistro!),
    );
    if (r.tipo !== 'ok') return { ...out, error: r.mensaje };
    out.consultadas += tramo.length;
    const ahora = new Date().toISOString();
    const porRegistro = new Map(r.resultado.map((x) => [x.idRegistro, x]));
    for (const f of tramo) {
      const estado = porRegistro.get(f.numeroRegistro!);
      if (estado && (estado.estado !== f.estadoCliente || estado.fecha !== f.fecha)) {
        await s.update(
          e,
          {
            estadoCliente: estado.estado,
            fechaEstadoCliente: estado.fecha,
            motivoEstadoCliente: [estado.codigoMotivo, estado.motivo].filter(Boolean).join(': ') || null,
            consultado: ahora,
          },
          eq(e.idRegistro, f.id),
        );
        out.actualizadas++;
      }
    }
    await s.update(
      e,
      { consultado: ahora },
      inArray(
        e.idRegistro,
        tramo.map((f) => f.id),
      ),
    );
  }
  return out;
}
