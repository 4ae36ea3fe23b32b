import type { ClienteAeat, ResultadoEnvio } from './clienteSoap.ts';
import type { RegistroFacturacion } from './dominio.ts';
import {
  aplicarResultado,
  type CambioRegistro,
  type EstadoEnvioEmpresa,
  type OpcionesPlanificador,
  type Plan,
  planificarEnvio,
  type RegistroEnCola,
} from './planificador.ts';
import type { Cabecera } from './xml/mensaje.ts';

/**
 * One step of a company's VeriFactu queue: plan, send, interpret. The database layer runs it in a loop while it
 * holds the company's queue lock (one sender per company), persists `cambios` and `estado` after each step, and
 * sleeps until `plan.hasta` when told to wait.
 */

/** A queue row for a stored record. */
export function filaDeCola(id: string, secuencia: number, registro: RegistroFacturacion): RegistroEnCola {
  const factura =
    registro.TipoOperacion === 'Alta'
      ? registro.IDFactura
      : {
          IDEmisorFactura: registro.IDFactura.IDEmisorFacturaAnulada,
          NumSerieFactura: registro.IDFactura.NumSerieFacturaAnulada,
          FechaExpedicionFactura: registro.IDFactura.FechaExpedicionFacturaAnulada,
        };
  return { id, secuencia, estado: 'generado', TipoOperacion: registro.TipoOperacion, ...factura, intentos: 0 };
}

export interface EntradaPaso {
  filas: readonly RegistroEnCola[];
  estado: EstadoEnvioEmpresa;
  /** The stored record of a queue row. */
  registro: (id: string) => RegistroFacturacion;
  /** The company's Cabecera; Incidencia=S is added when the plan says so. */
  cabecera: Cabecera;
  cliente: Pick<ClienteAeat, 'enviarRegistros'>;
  ahora: number;
  opciones?: OpcionesPlanificador;
}

export interface ResultadoPaso {
  plan: Plan;
  estado: EstadoEnvioEmpresa;
  cambios: CambioRegistro[];
  resultado?: ResultadoEnvio;
}

export async function pasoDeCola(e: EntradaPaso): Promise<ResultadoPaso> {
  const plan = planificarEnvio(e.filas, e.estado, e.ahora, e.opciones);
  if (plan.accion !== 'enviar') return { plan, estado: e.estado, cambios: [] };
  const cabecera: Cabecera = plan.incidencia
    ? { ...e.cabecera, RemisionVoluntaria: { ...e.cabecera.RemisionVoluntaria, Incidencia: 'S' } }
    : e.cabecera;
  let resultado: ResultadoEnvio;
  try {
    resultado = await e.cliente.enviarRegistros(cabecera, plan.ids.map(e.registro));
  } catch (error) {
    // The message could not even be built (a record with a character XML cannot carry…): like a schema fault,
    // the planner splits the batch until that record is alone and rejects it, so it blocks nobody.
    resultado = {
      tipo: 'fault',
      faultcode: 'Client',
      faultstring: `No se pudo construir el mensaje: ${(error as Error).message}`,
      reintentable: false,
    };
  }
  const aplicado = aplicarResultado(
    { registros: e.filas, estado: e.estado, lote: plan.ids, resultado, ahora: e.ahora },
    e.opciones,
  );
  return { plan, ...aplicado, resultado };
}
