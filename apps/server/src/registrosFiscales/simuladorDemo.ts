import { valoresCertificado } from '../modules/registrosFiscales/certificado.ts';
import { permitirDestino } from '../platform/egress/permitidos.ts';
import type { CertificadosPrueba } from './certificadosPrueba.ts';

/** A local simulator as the demo runs it: where it listens, and how to stop it. */
export interface SimuladorLocal {
  url: string;
  cerrar(): Promise<void>;
}

/** A channel's demo simulator: its certificates, its server, the variable its clients read its CA from. */
export interface DeclaracionSimuladorDemo<S extends SimuladorLocal> {
  generar(): CertificadosPrueba;
  iniciar(certs: CertificadosPrueba): Promise<S>;
  variableCa: 'FARO_VERIFACTU_CA' | 'FARO_TICKETBAI_CA';
  /** The log line when the certificates cannot be made (no openssl): the demo goes on without a simulator. */
  sinSimulador(motivo: string): string;
  log(mensaje: string): void;
}

/**
 * Starts a channel's local simulator for the demo on 127.0.0.1 with throwaway certificates (openssl CLI): the
 * server's own listener becomes an allowed destination for its exact address and port (platform/egress) and the
 * clients of this process trust its CA (and Node's roots, as always). Returns the simulator, the client
 * certificate as the company's certificate store keeps it, and a `cerrar` that also withdraws the destination;
 * null when the certificates cannot be made.
 */
export async function arrancarSimuladorDemo<S extends SimuladorLocal>(
  d: DeclaracionSimuladorDemo<S>,
  secret: string,
): Promise<{ sim: SimuladorLocal; certificado: ReturnType<typeof valoresCertificado> } | null> {
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
  return {
    sim: {
      url: sim.url,
      cerrar: () => {
        deshacer();
        return sim.cerrar();
      },
    },
    certificado: valoresCertificado(secret, pfx, passphrase, 'simulador-demo.p12'),
  };
}
