import { valoresCertificado } from '../modules/registrosFiscales/certificado.ts';
import type { Database } from '../platform/db/database.ts';
import { permitirDestino } from '../platform/egress/permitidos.ts';
import type { CertificadosPrueba } from './certificadosPrueba.ts';

/** A local simulator as the demo runs it: where it listens, and how to stop it. */
export interface SimuladorLocal {
  url: string;
  cerrar(): Promise<void>;
}

/**
 * How the server starts a channel's demo simulator (off the request path, once it listens): null when the demo's
 * companies have destinations of their own or the certificates cannot be made.
 */
export type SimuladorDeDemo = (
  database: Pick<Database, 'db'>,
  secret: string,
  log?: (mensaje: string) => void,
) => Promise<SimuladorLocal | null>;

/** A channel's demo simulator: its certificates, its server, the variable its clients read its CA from. */
export interface DeclaracionSimuladorDemo<S extends SimuladorLocal> {
  generar(): CertificadosPrueba;
  iniciar(certs: CertificadosPrueba): Promise<S>;
  variableCa: 'FARO_VERIFACTU_CA' | 'FARO_TICKETBAI_CA';
  /** The log line when the certificates cannot be made (no openssl): the demo goes on without a simulator. */
  sinSimulador(motivo: string): string;
  /** Points the demo's companies at the simulator (`url`) and gives them its client certificate. */
  apuntar(url: string, certificado: ReturnType<typeof valoresCertificado>): Promise<void>;
  /** The log line once the companies send to the simulator. */
  listo(url: string): string;
  log(mensaje: string): void;
}

/** A destination the demo may take over: none yet, or a local simulator of an earlier start. */
export const destinoDelDemo = (url: string | null | undefined) => !url || url.startsWith('https://127.0.0.1:');

/**
 * Starts a channel's local simulator for the demo on 127.0.0.1 with throwaway certificates (openssl CLI): the
 * server's own listener becomes an allowed destination for its exact address and port (platform/egress) and the
 * clients of this process trust its CA (and Node's roots, as always); the declaration then points the companies at
 * it with the client certificate as the certificate store keeps it. Returns the simulator with a `cerrar` that also
 * withdraws the destination; null when the certificates cannot be made.
 */
export async function arrancarSimuladorDemo<S extends SimuladorLocal>(
  d: DeclaracionSimuladorDemo<S>,
  secret: string,
): Promise<SimuladorLocal | null> {
  let certs: CertificadosPrueba;
  try {
    certs = d.generar();
  } catch (error) {
    d.log(d.sinSimulador((error as Error).message));
    return null;
  }
  const sim = await d.iniciar(certs);
  const deshacer = permitirDestino(sim.url);
  process.env[d.variableCa] = certs.ca;
  const { pfx, passphrase } = certs.cliente;
  await d.apuntar(sim.url, valoresCertificado(secret, pfx, passphrase, 'simulador-demo.p12'));
  d.log(d.listo(sim.url));
  return {
    url: sim.url,
    cerrar: () => {
      deshacer();
      return sim.cerrar();
    },
  };
}
