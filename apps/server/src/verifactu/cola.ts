import * as motor from '../registrosFiscales/cola.ts';
import type { ClienteAeat, ResultadoEnvio } from './clienteSoap.ts';
import type { RegistroFacturacion } from './dominio.ts';
import {
  leerResultado,
  type OpcionesPlanificador,
  type RegistroEnCola,
  type RespuestaRegistro,
  reglasVerifactu,
} from './planificador.ts';
import type { Cabecera } from './xml/mensaje.ts';

/**
 * VeriFactu as a channel of the fiscal-record queue: its rules and answer (`planificador.ts`) and its client, a
 * RegFactuSistemaFacturacion with the company's Cabecera (Incidencia=S when the queue is in incident mode) sent by
 * the SOAP client. The database runner (`modules/ventas/verifactu/envio.ts`) runs its steps while it holds the
 * company's sender lease.
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

export type CanalVerifactu = motor.CanalCola<RegistroEnCola, RegistroFacturacion, ResultadoEnvio, RespuestaRegistro>;

/** The channel: the SOAP client with the company's Cabecera, VeriFactu's rules and how the AEAT's answer reads. */
export function canalVerifactu(
  cliente: Pick<ClienteAeat, 'enviarRegistros'> & Partial<Pick<ClienteAeat, 'cerrar'>>,
  cabecera: Cabecera,
  opciones?: OpcionesPlanificador,
): CanalVerifactu {
  return {
    reglas: reglasVerifactu(opciones),
    cliente: {
      enviar: (lote, { incidencia }) =>
        cliente.enviarRegistros(
          incidencia
            ? { ...cabecera, RemisionVoluntaria: { ...cabecera.RemisionVoluntaria, Incidencia: 'S' } }
            : cabecera,
          lote,
        ),
      cerrar: () => cliente.cerrar?.(),
    },
    leer: leerResultado,
    sinMensaje: (faultstring) => ({ tipo: 'fault', faultcode: 'Client', faultstring, reintentable: false }),
  };
}

export interface EntradaPaso {
  filas: readonly RegistroEnCola[];
  estado: motor.EstadoEnvioEmpresa;
  /** The stored record of a queue row. */
  registro: (id: string) => RegistroFacturacion;
  /** The company's Cabecera; Incidencia=S is added when the plan says so. */
  cabecera: Cabecera;
  cliente: Pick<ClienteAeat, 'enviarRegistros'>;
  ahora: number;
  opciones?: OpcionesPlanificador;
}

export interface ResultadoPaso extends motor.ResultadoAplicado<RespuestaRegistro> {
  plan: motor.Plan;
  resultado?: ResultadoEnvio;
}

/** One step of a company's VeriFactu queue held in memory: plan, send, interpret. */
export async function pasoDeCola(e: EntradaPaso): Promise<ResultadoPaso> {
  const canal = canalVerifactu(e.cliente, e.cabecera, e.opciones);
  const { respuesta, ...paso } = await motor.pasoDeCola(canal, e, (f) => e.registro(f.id));
  return respuesta === undefined ? paso : { ...paso, resultado: respuesta };
}
