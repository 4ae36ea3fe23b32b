import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describirReglas } from '../reglas.ts';
import { fatales, validarEn16931 } from '../validador.ts';
import type { EstadoSpfe } from './contrato.ts';
import type * as W from './protocolo.ts';
import { RUTAS_SPFE } from './protocolo.ts';

/**
 * A local stand-in for the SPFE speaking `protocolo.ts`, for tests, journeys and the demo: HTTP on 127.0.0.1. It
 * validates each submitted UBL against the CEN EN 16931 rules (the product's own validator), registers it with a
 * registry id, keeps the statuses receivers report (by registry id, or by issuer, number and date) and answers the
 * issuers' queries with the last one. Tests can make the next calls fail (503) to see the queue's retries.
 */

export interface FacturaSimulada {
  idRegistro: string;
  nifEmisor: string;
  nifReceptor: string;
  numero: string;
  fechaExpedicion: string;
  ubl: string;
  /** Bytes of the PDF that came alongside, 0 when none. */
  pdfBytes: number;
  estados: W.EstadoEmitidaWire[];
}

export interface SimuladorSpfe {
  url: string;
  facturas(): FacturaSimulada[];
  /** The next `n` calls answer 503 (the service down). */
  fallar(n: number): void;
  cerrar(): Promise<void>;
}

export interface OpcionesSimuladorSpfe {
  /** The UBL's fatal findings (empty: valid); the product's EN 16931 validator by default. */
  validar?: (ubl: string) => Promise<string[]>;
}

const validarPorDefecto = async (ubl: string) => {
  const errores = fatales(await validarEn16931(ubl));
  return errores.length ? [describirReglas(errores)] : [];
};

const ESTADOS: readonly EstadoSpfe[] = ['aceptada', 'rechazada', 'pagada'];

async function leerCuerpo(req: IncomingMessage): Promise<unknown> {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  try {
    return JSON.parse(Buffer.concat(partes).toString('utf8'));
  } catch {
    return null;
  }
}

const esTexto = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export async function iniciarSimuladorSpfe(op: OpcionesSimuladorSpfe = {}): Promise<SimuladorSpfe> {
  const validar = op.validar ?? validarPorDefecto;
  const facturas = new Map<string, FacturaSimulada>();
  let fallos = 0;

  const buscar = (e: W.EstadoWire) =>
    (e.IdRegistro ? facturas.get(e.IdRegistro) : undefined) ??
    [...facturas.values()].find(
      (f) => f.nifEmisor === e.NifEmisor && f.numero === e.Numero && f.fechaExpedicion === e.FechaExpedicion,
    );

  async function presentar(f: W.FacturaWire): Promise<W.ResultadoFacturaWire> {
    const rechazo = (Codigo: string, Mensaje: string): W.ResultadoFacturaWire => ({
      Referencia: f.Referencia,
      Resultado: 'Rechazada',
      Codigo,
      Mensaje,
    });
    if (![f.NifEmisor, f.NifReceptor, f.Numero, f.FechaExpedicion, f.Ubl].every(esTexto))
      return rechazo('E100', 'Faltan datos de la factura');
    const duplicada = [...facturas.values()].find(
      (x) => x.nifEmisor === f.NifEmisor && x.numero === f.Numero && x.fechaExpedicion === f.FechaExpedicion,
    );
    if (duplicada) return { Referencia: f.Referencia, Resultado: 'Registrada', IdRegistro: duplicada.idRegistro };
    const ubl = Buffer.from(f.Ubl, 'base64').toString('utf8');
    const errores = await validar(ubl);
    if (errores.length) return rechazo('E200', `La factura no cumple la norma EN 16931: ${errores.join('; ')}`);
    const idRegistro = `SPFE-${randomUUID()}`;
    facturas.set(idRegistro, {
      idRegistro,
      nifEmisor: f.NifEmisor,
      nifReceptor: f.NifReceptor,
      numero: f.Numero,
      fechaExpedicion: f.FechaExpedicion,
      ubl,
      pdfBytes: f.Pdf ? Buffer.from(f.Pdf, 'base64').length : 0,
      estados: [],
    });
    return { Referencia: f.Referencia, Resultado: 'Registrada', IdRegistro: idRegistro };
  }

  function comunicar(e: W.EstadoWire): W.ResultadoEstadoWire {
    const rechazo = (Codigo: string, Mensaje: string): W.ResultadoEstadoWire => ({
      Referencia: e.Referencia,
      Resultado: 'Rechazado',
      Codigo,
      Mensaje,
    });
    if (!ESTADOS.includes(e.Estado) || !esTexto(e.Fecha)) return rechazo('E300', 'Estado o fecha no válidos');
    if (e.Estado === 'rechazada' && !esTexto(e.Motivo) && !esTexto(e.CodigoMotivo))
      return rechazo('E301', 'El rechazo necesita un motivo');
    const f = buscar(e);
    if (!f) return rechazo('E404', 'La factura no consta en la SPFE');
    const { Estado, Fecha, CodigoMotivo, Motivo, Importe } = e;
    f.estados.push({ IdRegistro: f.idRegistro, Estado, Fecha, CodigoMotivo, Motivo, Importe });
    return { Referencia: e.Referencia, Resultado: 'Registrado' };
  }

  async function atender(ruta: string, cuerpo: Record<string, unknown>): Promise<[number, unknown]> {
    if (ruta === RUTAS_SPFE.facturas && Array.isArray(cuerpo.Facturas)) {
      const resultados: W.ResultadoFacturaWire[] = [];
      for (const f of cuerpo.Facturas as W.FacturaWire[]) resultados.push(await presentar(f));
      return [200, { Resultados: resultados }];
    }
    if (ruta === RUTAS_SPFE.estados && Array.isArray(cuerpo.Estados))
      return [200, { Resultados: (cuerpo.Estados as W.EstadoWire[]).map(comunicar) }];
    if (ruta === RUTAS_SPFE.consultas && Array.isArray(cuerpo.IdsRegistro)) {
      const estados = (cuerpo.IdsRegistro as unknown[])
        .map((id) => (typeof id === 'string' ? facturas.get(id) : undefined))
        .filter((f) => f && f.nifEmisor === cuerpo.NifEmisor && f.estados.length)
        .map((f) => f!.estados.at(-1)!);
      return [200, { Estados: estados }];
    }
    return [400, { Codigo: 'E001', Mensaje: 'Mensaje no válido' }];
  }

  const servidor = createServer(async (req, res) => {
    const responder = (estado: number, json: unknown) => {
      res.writeHead(estado, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(json));
    };
    if (fallos > 0) {
      fallos--;
      responder(503, { Codigo: 'E503', Mensaje: 'Servicio no disponible' });
      return;
    }
    const cuerpo = req.method === 'POST' ? await leerCuerpo(req) : null;
    if (!cuerpo || typeof cuerpo !== 'object') {
      responder(400, { Codigo: 'E001', Mensaje: 'Mensaje no válido' });
      return;
    }
    const ruta = (req.url ?? '').replace(/^.*(\/[a-z]+)$/, '$1');
    const [estado, json] = await atender(ruta, cuerpo as Record<string, unknown>);
    responder(estado, json);
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/spfe/v1`,
    facturas: () => [...facturas.values()],
    fallar: (n) => {
      fallos = n;
    },
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
