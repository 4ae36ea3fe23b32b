import { type ClaveTbai, fechaTbai, type LineaDesgloseTbai } from '@faro/domain';

/**
 * TicketBAI files of the official schema 1.2.2 (`ticketbaiv1-2-2.xsd`, `anula_ticketbaiv1-2-2.xsd`), written
 * directly in canonical form (C14N 1.0: no XML declaration inside, no whitespace between elements, start/end tag
 * pairs, canonical escaping, the one namespace declared on the root). So the digest of the document without its
 * signature is the digest of these very bytes, and signing needs no general canonicaliser (see `firma.ts`).
 */

export const NS_ALTA = 'urn:ticketbai:emision';
export const NS_ANULACION = 'urn:ticketbai:anulacion';
export const VERSION_TBAI = '1.2';

/** Text content: canonical escaping; CR and characters XML 1.0 forbids are dropped. */
export function texto(v: string): string {
  return (
    v
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\r\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** Attribute value: canonical escaping. */
export function atributo(v: string): string {
  return v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

type Hijo = string | null | undefined | false;
/** `<n>…</n>`; children that are null/undefined/false are left out. */
export const el = (n: string, ...hijos: Hijo[]) => `<${n}>${hijos.filter((h) => h).join('')}</${n}>`;
/** An element with text content (left out when the value is null/undefined/empty). */
export const tx = (n: string, v: string | null | undefined) =>
  v === null || v === undefined || v === '' ? '' : `<${n}>${texto(v)}</${n}>`;

/** Amount with 2 decimals (ImporteSgn12.2Type). */
export function importe(v: string | number): string {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new Error(`Importe no válido: ${v}`);
  return (Math.round(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100).toFixed(2);
}
/** Amount with up to 8 decimals (ImporteSgn12.8Type). */
export function importe8(v: string | number): string {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) throw new Error(`Importe no válido: ${v}`);
  return n.toFixed(8).replace(/\.?0+$/, '') || '0';
}
/** Rate (Tipo3.2Type). */
export const tipo = (v: string | number) => importe(v);

export interface SoftwareTbai {
  licencia: string;
  /** NIF of the developer entity. */
  nif: string;
  nombre: string;
  version: string;
}

export interface DestinatarioTbai {
  nombre: string;
  nif?: string;
  idOtro?: { codigoPais?: string; idType: '02' | '03' | '04' | '05' | '06'; id: string };
  codigoPostal?: string | null;
  direccion?: string | null;
}

export interface IdFacturaTbai {
  serie: string | null;
  numero: string;
  /** yyyy-mm-dd. */
  fecha: string;
}

export interface EncadenamientoTbai extends IdFacturaTbai {
  /** First 100 characters of the previous file's SignatureValue. */
  firma: string;
}

export interface DatosFacturaTbai {
  emisor: { nif: string; nombre: string };
  destinatarios: DestinatarioTbai[];
  factura: IdFacturaTbai & {
    /** hh:mm:ss. */
    hora: string;
    simplificada: boolean;
    rectificativa?: {
      codigo: 'R1' | 'R2' | 'R3' | 'R4' | 'R5';
      tipo: 'S' | 'I';
      importe?: { base: string; cuota: string; recargo?: string };
      rectificadas: IdFacturaTbai[];
    };
  };
  descripcion: string;
  lineas: { descripcion: string; cantidad: string; unitario: string; descuento?: string; total: string }[];
  importeTotal: string;
  claves: ClaveTbai[];
  desglose: LineaDesgloseTbai[];
  /** 'operacion': DesgloseTipoOperacion (foreign recipient; Entrega); else DesgloseFactura. */
  porOperacion?: boolean;
  anterior: EncadenamientoTbai | null;
  software: SoftwareTbai;
  dispositivo?: string | null;
}

const software = (s: SoftwareTbai) =>
  el(
    'Software',
    tx('LicenciaTBAI', s.licencia),
    el('EntidadDesarrolladora', tx('NIF', s.nif)),
    tx('Nombre', s.nombre),
    tx('Version', s.version),
  );

function destinatario(d: DestinatarioTbai): string {
  const id = d.nif
    ? tx('NIF', d.nif)
    : el(
        'IDOtro',
        tx('CodigoPais', d.idOtro?.codigoPais),
        tx('IDType', d.idOtro?.idType ?? '06'),
        tx('ID', d.idOtro?.id ?? ''),
      );
  return el(
    'IDDestinatario',
    id,
    tx('ApellidosNombreRazonSocial', d.nombre.slice(0, 120)),
    tx('CodigoPostal', d.codigoPostal?.slice(0, 20)),
    tx('Direccion', d.direccion?.slice(0, 250)),
  );
}

function sujeta(lineas: LineaDesgloseTbai[]): string | null {
  const exentas = lineas.filter((l) => l.tipo === 'exenta');
  const noExentas = lineas.filter((l) => l.tipo === 'noexenta');
  if (!exentas.length && !noExentas.length) return null;
  const porClase = (clase: 'S1' | 'S2') => noExentas.filter((l) => l.clase === clase);
  const detalleNoExenta = (clase: 'S1' | 'S2') => {
    const ls = porClase(clase);
    if (!ls.length) return null;
    return el(
      'DetalleNoExenta',
      tx('TipoNoExenta', clase),
      el(
        'DesgloseIVA',
        ...ls.map((l) =>
          el(
            'DetalleIVA',
            tx('BaseImponible', importe(l.base)),
            tx('TipoImpositivo', tipo(l.tipoImpositivo)),
            tx('CuotaImpuesto', importe(l.cuota)),
            l.cuotaRecargo ? tx('TipoRecargoEquivalencia', tipo(l.tipoRecargo ?? '0')) : null,
            l.cuotaRecargo ? tx('CuotaRecargoEquivalencia', importe(l.cuotaRecargo)) : null,
            tx('OperacionEnRecargoDeEquivalenciaORegimenSimplificado', 'N'),
          ),
        ),
      ),
    );
  };
  return el(
    'Sujeta',
    exentas.length
      ? el(
          'Exenta',
          ...exentas.map((l) =>
            el('DetalleExenta', tx('CausaExencion', l.causa), tx('BaseImponible', importe(l.base))),
          ),
        )
      : null,
    noExentas.length ? el('NoExenta', detalleNoExenta('S1'), detalleNoExenta('S2')) : null,
  );
}

function desglose(lineas: LineaDesgloseTbai[]): string {
  const noSujetas = lineas.filter((l) => l.tipo === 'nosujeta');
  const partes = [
    sujeta(lineas),
    noSujetas.length
      ? el(
          'NoSujeta',
          ...noSujetas.map((l) => el('DetalleNoSujeta', tx('Causa', l.causa), tx('Importe', importe(l.importe)))),
        )
      : null,
  ];
  return partes.filter(Boolean).join('');
}

/** The unsigned `T:TicketBai` (its ds:Signature goes right before the closing tag). */
export function ticketBaiSinFirma(d: DatosFacturaTbai): { abre: string; cuerpo: string; cierra: string } {
  const f = d.factura;
  const r = f.rectificativa;
  const cuerpo = [
    el('Cabecera', tx('IDVersionTBAI', VERSION_TBAI)),
    el(
      'Sujetos',
      el('Emisor', tx('NIF', d.emisor.nif), tx('ApellidosNombreRazonSocial', d.emisor.nombre.slice(0, 120))),
      d.destinatarios.length ? el('Destinatarios', ...d.destinatarios.map(destinatario)) : null,
      tx('VariosDestinatarios', d.destinatarios.length > 1 ? 'S' : 'N'),
      tx('EmitidaPorTercerosODestinatario', 'N'),
    ),
    el(
      'Factura',
      el(
        'CabeceraFactura',
        tx('SerieFactura', f.serie),
        tx('NumFactura', f.numero),
        tx('FechaExpedicionFactura', fechaTbai(f.fecha)),
        tx('HoraExpedicionFactura', f.hora),
        tx('FacturaSimplificada', f.simplificada ? 'S' : 'N'),
        r
          ? el(
              'FacturaRectificativa',
              tx('Codigo', r.codigo),
              tx('Tipo', r.tipo),
              r.importe
                ? el(
                    'ImporteRectificacionSustitutiva',
                    tx('BaseRectificada', importe(r.importe.base)),
                    tx('CuotaRectificada', importe(r.importe.cuota)),
                    r.importe.recargo ? tx('CuotaRecargoRectificada', importe(r.importe.recargo)) : null,
                  )
                : null,
            )
          : null,
        r?.rectificadas.length
          ? el(
              'FacturasRectificadasSustituidas',
              ...r.rectificadas.map((x) =>
                el(
                  'IDFacturaRectificadaSustituida',
                  tx('SerieFactura', x.serie),
                  tx('NumFactura', x.numero),
                  tx('FechaExpedicionFactura', fechaTbai(x.fecha)),
                ),
              ),
            )
          : null,
      ),
      el(
        'DatosFactura',
        tx('DescripcionFactura', d.descripcion.trim().slice(0, 250) || 'Venta'),
        d.lineas.length
          ? el(
              'DetallesFactura',
              ...d.lineas
                .slice(0, 1000)
                .map((l) =>
                  el(
                    'IDDetalleFactura',
                    tx('DescripcionDetalle', l.descripcion.trim().slice(0, 250) || '-'),
                    tx('Cantidad', importe8(l.cantidad)),
                    tx('ImporteUnitario', importe8(l.unitario)),
                    l.descuento && Number(l.descuento) !== 0 ? tx('Descuento', importe8(l.descuento)) : null,
                    tx('ImporteTotal', importe8(l.total)),
                  ),
                ),
            )
          : null,
        tx('ImporteTotalFactura', importe(d.importeTotal)),
        el('Claves', ...d.claves.map((c) => el('IDClave', tx('ClaveRegimenIvaOpTrascendencia', c)))),
      ),
      el(
        'TipoDesglose',
        d.porOperacion
          ? el('DesgloseTipoOperacion', el('Entrega', desglose(d.desglose)))
          : el('DesgloseFactura', desglose(d.desglose)),
      ),
    ),
    el(
      'HuellaTBAI',
      d.anterior
        ? el(
            'EncadenamientoFacturaAnterior',
            tx('SerieFacturaAnterior', d.anterior.serie),
            tx('NumFacturaAnterior', d.anterior.numero),
            tx('FechaExpedicionFacturaAnterior', fechaTbai(d.anterior.fecha)),
            tx('SignatureValueFirmaFacturaAnterior', d.anterior.firma.slice(0, 100)),
          )
        : null,
      software(d.software),
      tx('NumSerieDispositivo', d.dispositivo?.slice(-30)),
    ),
  ].join('');
  return { abre: `<T:TicketBai xmlns:T="${NS_ALTA}">`, cuerpo, cierra: '</T:TicketBai>' };
}

export interface DatosAnulacionTbai {
  emisor: { nif: string; nombre: string };
  factura: IdFacturaTbai;
  software: SoftwareTbai;
  dispositivo?: string | null;
}

/** The unsigned `T:AnulaTicketBai` (no chaining: the schema has none). */
export function anulaTicketBaiSinFirma(d: DatosAnulacionTbai): { abre: string; cuerpo: string; cierra: string } {
  const cuerpo = [
    el('Cabecera', tx('IDVersionTBAI', VERSION_TBAI)),
    el(
      'IDFactura',
      el('Emisor', tx('NIF', d.emisor.nif), tx('ApellidosNombreRazonSocial', d.emisor.nombre.slice(0, 120))),
      el(
        'CabeceraFactura',
        tx('SerieFactura', d.factura.serie),
        tx('NumFactura', d.factura.numero),
        tx('FechaExpedicionFactura', fechaTbai(d.factura.fecha)),
      ),
    ),
    el('HuellaTBAI', software(d.software), tx('NumSerieDispositivo', d.dispositivo?.slice(-30))),
  ].join('');
  return { abre: `<T:AnulaTicketBai xmlns:T="${NS_ANULACION}">`, cuerpo, cierra: '</T:AnulaTicketBai>' };
}
