import { randomUUID } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { identificadorTbai } from '@faro/domain';
import { escucharMtls } from '../../registrosFiscales/servidorMtls.ts';
import type { CertificadosTbai } from './certificados.ts';

/**
 * Local Diputación for tests and DEMO: HTTPS with mutual TLS (only clients with a certificate of our CA), speaking
 * the same protocol as the real services — Araba/Gipuzkoa `POST /alta` and `/anulacion` with the signed XML and a
 * TicketBaiResponse; Bizkaia `POST /N3B4000M/aurkezpena` with a gzip LROE petition, N3 headers and a gzip answer.
 * It checks the chain (each alta's SignatureValueFirmaFacturaAnterior against the last file received for that
 * NIF and series), optionally the XSD, and lets a test force a rejection.
 */
export interface ReciboSimulado {
  ruta: string;
  clase: 'alta' | 'anulacion';
  nif: string;
  serie: string;
  numero: string;
  identificador: string | null;
  aceptado: boolean;
  codigo: string | null;
}

export interface OpcionesSimuladorTbai {
  certificados: CertificadosTbai;
  validarXsd?: (xml: string, clase: 'alta' | 'anulacion') => Promise<string[]>;
  /** A forced rejection for a file (code and Spanish text), or null to let it through. */
  decidir?: (xml: string) => { codigo: string; descripcion: string } | null;
}

export interface SimuladorTbai {
  url: string;
  recibidos: ReciboSimulado[];
  cerrar(): Promise<void>;
}

const valor = (xml: string, n: string) => new RegExp(`<${n}>([^<]*)</${n}>`).exec(xml)?.[1] ?? '';
const escapar = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fechaIso = (f: string) => f.split('-').reverse().join('-');

export async function iniciarSimuladorTbai(op: OpcionesSimuladorTbai): Promise<SimuladorTbai> {
  const recibidos: ReciboSimulado[] = [];
  const ultimaFirma = new Map<string, string>();

  async function revisar(
    xml: string,
    ruta: string,
  ): Promise<{ r: ReciboSimulado; motivo: { codigo: string; descripcion: string } | null }> {
    const clase = xml.includes('AnulaTicketBai') ? 'anulacion' : 'alta';
    const nif = valor(xml, 'NIF');
    const serie = valor(xml, 'SerieFactura');
    const numero = valor(xml, 'NumFactura');
    const firma = /<ds:SignatureValue[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
    const fecha = valor(xml, 'FechaExpedicionFactura');
    let motivo: { codigo: string; descripcion: string } | null = null;
    if (!firma) motivo = { codigo: '003', descripcion: 'El fichero no está firmado' };
    if (!motivo && op.validarXsd) {
      const errores = await op.validarXsd(xml, clase);
      if (errores.length) motivo = { codigo: '002', descripcion: `Error de esquema: ${errores[0]}` };
    }
    const clave = `${nif}|${serie}`;
    if (!motivo && clase === 'alta') {
      const anterior = valor(xml, 'SignatureValueFirmaFacturaAnterior');
      const conocida = ultimaFirma.get(clave);
      if (conocida && anterior !== conocida.slice(0, 100))
        motivo = { codigo: '006', descripcion: 'El encadenamiento no corresponde a la última factura recibida' };
    }
    motivo ??= op.decidir?.(xml) ?? null;
    if (!motivo && clase === 'alta') ultimaFirma.set(clave, firma);
    const r: ReciboSimulado = {
      ruta,
      clase,
      nif,
      serie,
      numero,
      identificador: clase === 'alta' && firma && fecha ? identificadorTbai(nif, fechaIso(fecha), firma) : null,
      aceptado: !motivo,
      codigo: motivo?.codigo ?? null,
    };
    recibidos.push(r);
    return { r, motivo };
  }

  const servidor = await escucharMtls(op.certificados, async (req, cuerpo, res) => {
    const socket = req.socket as TLSSocket;
    if (!socket.authorized) {
      res.writeHead(403).end();
      return;
    }
    const ruta = req.url ?? '/';
    try {
      if (req.method === 'POST' && (ruta.endsWith('/alta') || ruta.endsWith('/anulacion'))) {
        const { r, motivo } = await revisar(cuerpo.toString('utf8'), ruta);
        const ahora = new Date().toISOString();
        const salida = motivo
          ? `<Estado>01</Estado><Descripcion>Rechazado</Descripcion><ResultadosValidacion><Codigo>${motivo.codigo}</Codigo><Descripcion>${escapar(motivo.descripcion)}</Descripcion></ResultadosValidacion>`
          : `<Estado>00</Estado><Descripcion>Recibido</Descripcion><CSV>SIM-${randomUUID().slice(0, 18)}</CSV>`;
        res
          .writeHead(200, { 'Content-Type': 'application/xml;charset=UTF-8' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><T:TicketBaiResponse xmlns:T="urn:ticketbai:emision"><Salida>` +
              `<IdentificadorTBAI>${r.identificador ?? ''}</IdentificadorTBAI><FechaRecepcion>${ahora}</FechaRecepcion>${salida}</Salida></T:TicketBaiResponse>`,
          );
        return;
      }
      if (req.method === 'POST' && ruta.endsWith('/N3B4000M/aurkezpena')) {
        const datos = JSON.parse(String(req.headers['eus-bizkaia-n3-data'] ?? '{}')) as { con?: string };
        if (req.headers['eus-bizkaia-n3-version'] !== '1.0' || datos.con !== 'LROE') {
          res
            .writeHead(200, {
              'eus-bizkaia-n3-tipo-respuesta': 'Incorrecto',
              'eus-bizkaia-n3-codigo-respuesta': 'B4_1000002',
              'eus-bizkaia-n3-mensaje-respuesta': encodeURIComponent('Cabeceras N3 no válidas'),
            })
            .end();
          return;
        }
        const peticion = gunzipSync(cuerpo).toString('utf8');
        const ficheros = [...peticion.matchAll(/<(?:AnulacionTicketBai|TicketBai)>([^<]+)</g)].map((m) =>
          Buffer.from(m[1]!, 'base64').toString('utf8'),
        );
        const resultados = [];
        for (const f of ficheros) resultados.push(await revisar(f, ruta));
        const bien = resultados.filter((x) => !x.motivo).length;
        const tipo =
          bien === resultados.length && bien > 0 ? 'Correcto' : bien > 0 ? 'Parcialmente correcto' : 'Incorrecto';
        const registros = resultados
          .map(({ r, motivo }) =>
            motivo
              ? `<Registro><Identificador><IDFactura><NumFactura>${r.numero}</NumFactura></IDFactura></Identificador><SituacionRegistro><EstadoRegistro>Incorrecto</EstadoRegistro><CodigoErrorRegistro>${motivo.codigo}</CodigoErrorRegistro><DescripcionErrorRegistroES>${escapar(motivo.descripcion)}</DescripcionErrorRegistroES></SituacionRegistro></Registro>`
              : `<Registro><Identificador><IDFactura><NumFactura>${r.numero}</NumFactura></IDFactura></Identificador><SituacionRegistro><EstadoRegistro>Correcto</EstadoRegistro></SituacionRegistro></Registro>`,
          )
          .join('');
        const numero = `SIM${Date.now()}`;
        res
          .writeHead(200, {
            'Content-Type': 'application/octet-stream',
            'Content-Encoding': 'gzip',
            'eus-bizkaia-n3-tipo-respuesta': tipo,
            ...(bien ? { 'eus-bizkaia-n3-numero-registro': numero } : {}),
          })
          .end(
            gzipSync(
              `<?xml version="1.0" encoding="UTF-8"?><LROERespuesta><Registros>${registros}</Registros></LROERespuesta>`,
            ),
          );
        return;
      }
      res.writeHead(404).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  return {
    url: servidor.base,
    recibidos,
    cerrar: servidor.cerrar,
  };
}
