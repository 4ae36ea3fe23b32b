import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorAues, RespuestaAues, SolicitudAues } from './protocolo.ts';

/**
 * A local AUES service speaking Faro's protocol (`protocolo.ts`), for tests and the demo, like VeriFactu's AEAT
 * simulator: Basic credentials checked, every request recorded, and a decision per request — by default a
 * request is granted on the first consultation (the day asked for, slots every 30 minutes from 09:00), denied
 * when the student's NIF is in `denegar`. `caido` makes it answer 503.
 */
export interface SimuladorAues {
  url: string;
  peticiones: { metodo: string; ruta: string; auth?: string; cuerpo?: unknown }[];
  solicitudes: Map<string, SolicitudAues & { Estado: RespuestaAues['Estado']; Hora?: string }>;
  denegar: Set<string>;
  caido: boolean;
  parar(): Promise<void>;
}

export async function iniciarSimuladorAues(o: { usuario: string; clave: string }): Promise<SimuladorAues> {
  const esperado = `Basic ${Buffer.from(`${o.usuario}:${o.clave}`).toString('base64')}`;
  const sim: Omit<SimuladorAues, 'url' | 'parar'> = {
    peticiones: [],
    solicitudes: new Map(),
    denegar: new Set(),
    caido: false,
  };
  let n = 0;
  let huecos = 0;
  const responder = (res: ServerResponse, status: number, cuerpo: RespuestaAues | ErrorAues) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(cuerpo));
  };
  const respuesta = (ref: string): RespuestaAues => {
    const s = sim.solicitudes.get(ref)!;
    return {
      Referencia: ref,
      Estado: s.Estado,
      Fecha: s.Estado === 'concedida' ? s.FechaDeseada : null,
      Hora: s.Estado === 'concedida' ? (s.Hora ?? null) : null,
      Mensaje: s.Estado === 'denegada' ? 'Sin cupo para el permiso en esta Jefatura' : null,
    };
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    let datos = '';
    req.on('data', (c) => (datos += c));
    req.on('end', () => {
      const ruta = (req.url ?? '').replace(/^\/aues\/v1/, '');
      let cuerpo: unknown;
      try {
        cuerpo = datos ? JSON.parse(datos) : undefined;
      } catch {
        return responder(res, 400, { Codigo: 'JSON', Mensaje: 'Cuerpo no válido' });
      }
      sim.peticiones.push({ metodo: req.method ?? '', ruta, auth: req.headers.authorization, cuerpo });
      if (sim.caido) return responder(res, 503, { Codigo: 'CAIDO', Mensaje: 'Servicio en mantenimiento' });
      if (req.headers.authorization !== esperado) {
        return responder(res, 401, { Codigo: 'AUTH', Mensaje: 'Usuario o contraseña incorrectos' });
      }
      if (req.method === 'POST' && ruta === '/solicitudes') {
        const s = cuerpo as SolicitudAues;
        if (!s?.Alumno?.NIF || !/^\d{4}-\d{2}-\d{2}$/.test(s.FechaDeseada ?? '') || !s.Jefatura) {
          return responder(res, 422, { Codigo: 'DATOS', Mensaje: 'Faltan el NIF, la fecha o la Jefatura' });
        }
        const ref = `AUES-${String(++n).padStart(6, '0')}`;
        sim.solicitudes.set(ref, { ...s, Estado: 'solicitada' });
        return responder(res, 201, respuesta(ref));
      }
      const m = /^\/solicitudes\/([^/]+)$/.exec(ruta);
      const ref = m ? decodeURIComponent(m[1]!) : '';
      const s = sim.solicitudes.get(ref);
      if (!s) return responder(res, 404, { Codigo: 'REF', Mensaje: 'Referencia desconocida' });
      if (req.method === 'GET') {
        if (s.Estado === 'solicitada') {
          if (sim.denegar.has(s.Alumno.NIF)) s.Estado = 'denegada';
          else {
            s.Estado = 'concedida';
            const min = 9 * 60 + 30 * huecos++;
            s.Hora = `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
          }
        }
        return responder(res, 200, respuesta(ref));
      }
      if (req.method === 'DELETE') {
        s.Estado = 'anulada';
        return responder(res, 200, respuesta(ref));
      }
      return responder(res, 405, { Codigo: 'METODO', Mensaje: 'Método no admitido' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/aues/v1`;
  return Object.assign(sim, {
    url,
    parar: () => new Promise<void>((r) => server.close(() => r())),
  });
}
