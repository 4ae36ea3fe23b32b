import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { AppDeps } from '../../../platform/deps.ts';
import { companyDirectory } from '../../../platform/tenancy/directory.ts';
import { empresaDeToken, tokenDeDireccion } from './buzon.ts';
import { limpio, recibirCorreo } from './correo.ts';

export const MSG_SMTP = {
  desconocida: 'Dirección desconocida: no es el buzón de facturas electrónicas de ninguna empresa',
  grande: (kb: number) => `El correo supera el tamaño máximo del buzón de facturas (${kb} KB)`,
  error: 'No se ha podido procesar el correo: inténtalo más tarde',
} as const;

export interface OpcionesBuzon {
  dominio: string;
  puerto: number;
  host: string;
  maxBytes: number;
  log?: (mensaje: string) => void;
}

/** An SMTP refusal with its reply code (smtp-server answers `responseCode` and the message). */
const rechazo = (codigo: number, mensaje: string) => Object.assign(new Error(mensaje), { responseCode: codigo });

/**
 * The e-invoice mailbox's inbound SMTP listener: it accepts mail only for `facturas+<token>@dominio` addresses of a
 * company's mailbox (any other recipient is refused with 550 before the message is sent), up to `maxBytes` (552
 * beyond, announced in EHLO's SIZE), and hands every accepted message to each recipient company
 * (`recibirCorreo`). No authentication (suppliers' servers deliver as to any MX) and no relaying: it delivers to
 * Faro only. TLS belongs to the MX in front of it.
 */
export async function iniciarBuzonEfactura(
  deps: Pick<AppDeps, 'database'>,
  o: OpcionesBuzon,
): Promise<{ puerto: number; cerrar(): Promise<void> }> {
  const dir = companyDirectory(deps);
  const empresasDe = new WeakMap<SMTPServerSession, number[]>();
  const server = new SMTPServer({
    name: o.dominio,
    banner: 'Faro: buzón de facturas electrónicas',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: o.maxBytes,
    maxClients: 20,
    logger: false,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const token = tokenDeDireccion(address.address, o.dominio);
      const buscar = token ? empresaDeToken(dir, token) : Promise.resolve(null);
      buscar.then(
        (empresa) => {
          if (empresa === null) return callback(rechazo(550, MSG_SMTP.desconocida));
          empresasDe.set(session, [...new Set([...(empresasDe.get(session) ?? []), empresa])]);
          callback();
        },
        () => callback(rechazo(451, MSG_SMTP.error)),
      );
    },
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(rechazo(552, MSG_SMTP.grande(Math.round(o.maxBytes / 1024))));
        const empresas = empresasDe.get(session) ?? [];
        empresasDe.delete(session);
        entregar(Buffer.concat(partes), session, empresas).then(
          () => callback(),
          (error: unknown) => {
            o.log?.(`Buzón de facturas: ${(error as Error).message}`);
            callback(rechazo(451, MSG_SMTP.error));
          },
        );
      });
    },
  });

  async function entregar(bruto: Buffer, session: SMTPServerSession, empresas: number[]): Promise<void> {
    const correo = await PostalMime.parse(bruto);
    const sobre = session.envelope.mailFrom;
    const remitente = limpio(correo.from?.address || (sobre ? sobre.address : '') || 'remitente desconocido', 320)!;
    for (const empresa of empresas) {
      const resultados = await recibirCorreo(dir.scope(empresa), correo, remitente);
      o.log?.(`Buzón de facturas: empresa ${empresa}, ${resultados.filter((r) => r.IdDocumento).length} borradores`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.puerto, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => o.log?.(`Buzón de facturas: ${e.message}`));
  const direccion = server.server.address();
  return {
    puerto: typeof direccion === 'object' && direccion ? direccion.port : o.puerto,
    cerrar: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
