import {
  clavesTbai,
  type DesgloseVenta,
  desgloseTbai,
  type EntornoTbai,
  identificadorTbai,
  type ProvinciaTbai,
  provinciaDeTributacion,
  urlQrTbaiDe,
  usaTicketBai,
} from '@faro/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors.ts';
import { plantilla } from '../../platform/tenancy/plantilla.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import {
  type Cabecera,
  documentosVenta as dv,
  documentosVentaLineas as dvl,
  ticketbaiCadena,
  ticketbaiCola,
  ticketbaiConfig,
  ticketbaiRegistros,
} from '../../platform/tenancy/tables.ts';
import { type ClaveFirma, claveDePkcs12, firmarTbai } from '../../ticketbai/firma.ts';
import {
  anulaTicketBaiSinFirma,
  type DatosFacturaTbai,
  type DestinatarioTbai,
  importe,
  NS_ALTA,
  NS_ANULACION,
  type SoftwareTbai,
  ticketBaiSinFirma,
} from '../../ticketbai/xml.ts';
import { cargarConfiguracion, cargarEmpresa, type EmpresaVf } from '../ventas/verifactu/configuracion.ts';

/**
 * TicketBAI on issuing, inside the issuing transaction: for a company whose electronic invoicing type is
 * `tbai` (Araba, Gipuzkoa) or `lroe` (Bizkaia), lock the chain head of the invoice's series FOR UPDATE, build the
 * TicketBAI file chained to the previous one (first 100 characters of its SignatureValue), sign it XAdES-EPES
 * with the company's certificate (VeriFactu's encrypted store) and the province's policy, store it (immutable)
 * with its TBAI identifier and QR URL, and queue it. The head lock serialises concurrent issuers: no fork.
 */

export const MSG_TBAI = {
  sinNif: 'La empresa no tiene NIF: complétalo en los datos de la empresa antes de emitir facturas TicketBAI',
  sinProvincia:
    'La empresa usa TicketBAI pero su tributación no es de Álava, Bizkaia ni Gipuzkoa: corrígela en los datos de la empresa',
  sinCertificado:
    'La empresa no tiene certificado para firmar los ficheros TicketBAI: súbelo (.p12/.pfx) en «LROE facturas emitidas»',
  certificado: 'El certificado de la empresa no se puede usar para firmar',
  noActivo: 'TicketBAI no está activo para esta empresa',
} as const;

// The server secret that opens the company's certificate: set once when the module registers (modules/ticketbai).
let secreto: string | null = null;
export const fijarSecretoTbai = (s: string) => {
  secreto = s;
};

export interface ContextoTbai {
  e: EmpresaVf;
  provincia: ProvinciaTbai;
  entorno: EntornoTbai;
  software: SoftwareTbai;
  dispositivo: string | null;
  fila: typeof ticketbaiConfig.$inferSelect | null;
}

export const LICENCIA_DEFECTO = 'TBAIFARO000000000001';

/** The company's TicketBAI context, or null when it does not use TicketBAI. */
export async function contextoTbai(s: Scope): Promise<ContextoTbai | null> {
  const e = await cargarEmpresa(s);
  if (!usaTicketBai(e.tipoFacturaElectronica)) return null;
  const provincia = provinciaDeTributacion(e.tributacion) ?? (e.tipoFacturaElectronica === 'lroe' ? 'bizkaia' : null);
  if (!provincia) throw badRequest(MSG_TBAI.sinProvincia);
  if (!e.nif?.trim()) throw badRequest(MSG_TBAI.sinNif);
  const [fila] = await s.select(ticketbaiConfig);
  return {
    e,
    provincia,
    entorno: fila?.entorno === 'produccion' ? 'produccion' : 'pruebas',
    software: {
      licencia: fila?.licencia || LICENCIA_DEFECTO,
      nif: (fila?.nifDesarrollador || e.nif).toUpperCase(),
      nombre: fila?.nombreSoftware || 'Faro',
      version: fila?.version || '1.0',
    },
    dispositivo: fila?.dispositivo || null,
    fila: fila ?? null,
  };
}

async function claveFirma(s: Scope, e: EmpresaVf): Promise<ClaveFirma> {
  if (!secreto) throw badRequest(MSG_TBAI.sinCertificado);
  const cfg = await cargarConfiguracion(s, e, secreto);
  if (!cfg.certificado) throw badRequest(MSG_TBAI.sinCertificado);
  try {
    return claveDePkcs12(cfg.certificado.pfx, cfg.certificado.passphrase);
  } catch {
    throw badRequest(MSG_TBAI.certificado);
  }
}

/** "F2026-0007" → serie "F2026-", número "0007" (TicketBAI keeps them apart). */
export function serieYNumero(numSerie: string): { serie: string; numero: string } {
  const m = /^(.*?)(\d+)$/.exec(numSerie.trim());
  if (!m) return { serie: '', numero: numSerie.trim().slice(-20) };
  return { serie: m[1]!.slice(0, 20), numero: m[2]!.slice(-20) };
}

const HORA = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const horaMadrid = (d: Date) => HORA.format(d);

const NIF_TBAI = /^(([A-Z]\d{7}[A-Z])|(\d{8}[A-Z])|([A-Z]\d{8}))$/;

function destinatarios(h: Cabecera): { lista: DestinatarioTbai[]; extranjero: boolean } {
  const nif = h.terceroNif?.trim().toUpperCase().replace(/[\s-]/g, '');
  if (!nif) return { lista: [], extranjero: false };
  const pais = (h.terceroPais ?? '').trim().toUpperCase();
  const base = { nombre: h.terceroNombre, codigoPostal: h.terceroCodPostal, direccion: h.terceroDireccion };
  if ((!pais || pais === 'ES') && NIF_TBAI.test(nif)) return { lista: [{ ...base, nif }], extranjero: false };
  const ue = /^[A-Z]{2}/.test(nif) && pais !== 'ES';
  return {
    lista: [
      { ...base, idOtro: { ...(pais ? { codigoPais: pais } : {}), idType: ue ? '02' : '06', id: nif.slice(0, 20) } },
    ],
    extranjero: !!pais && pais !== 'ES',
  };
}

const num = (v: string | null | undefined) => Number(v ?? 0);

/** What an invoice's TicketBAI file reads besides its header: its stored lines and the invoice it rectifies. */
interface LecturasFacturaTbai {
  lineas: (typeof dvl.$inferSelect)[];
  rectificada: Cabecera | undefined;
}

async function lecturasFacturaTbai(s: Scope, h: Cabecera): Promise<LecturasFacturaTbai> {
  const lineas = await s.select(dvl, eq(dvl.idDocumento, h.id)).orderBy(asc(dvl.orden));
  const [rectificada] =
    h.tipo === 'rectificativa' && h.idRectificada ? await s.select(dv, eq(dv.id, h.idRectificada)) : [];
  return { lineas, rectificada };
}

/** The business data of an issued invoice for its TicketBAI file. */
export async function datosFacturaTbai(
  s: Scope,
  c: ContextoTbai,
  h: Cabecera,
  instante: Date,
): Promise<Omit<DatosFacturaTbai, 'anterior'>> {
  return construirDatosTbai(c, h, instante, await lecturasFacturaTbai(s, h));
}

/** `datosFacturaTbai` over what was read before (pure: it runs under the series counter, after the number). */
function construirDatosTbai(
  c: ContextoTbai,
  h: Cabecera,
  instante: Date,
  { lineas, rectificada: r }: LecturasFacturaTbai,
): Omit<DatosFacturaTbai, 'anterior'> {
  const { serie, numero } = serieYNumero(h.numSerie ?? String(h.numero ?? ''));
  const dest = destinatarios(h);
  const desglose = (h.desglose ?? []) as DesgloseVenta[];
  let rectificativa: DatosFacturaTbai['factura']['rectificativa'];
  if (h.tipo === 'rectificativa') {
    const codigo = (['R1', 'R2', 'R3', 'R4', 'R5'].includes(h.tipoRectificativa ?? '') ? h.tipoRectificativa : 'R1') as
      | 'R1'
      | 'R5';
    const tipo = h.modoRectificativa === 'S' ? 'S' : 'I';
    rectificativa = {
      codigo,
      tipo,
      rectificadas: r?.numSerie ? [{ ...serieYNumero(r.numSerie), fecha: r.fecha }] : [],
      ...(tipo === 'S' && r
        ? {
            importe: {
              base: r.baseImponible,
              cuota: r.totalIva,
              ...(num(r.totalRecargo) ? { recargo: r.totalRecargo } : {}),
            },
          }
        : {}),
    };
  }
  return {
    emisor: { nif: c.e.nif.toUpperCase(), nombre: c.e.nombre },
    destinatarios: h.tipo === 'simplificada' ? [] : dest.lista,
    factura: {
      serie: serie || null,
      numero,
      fecha: h.fecha,
      hora: horaMadrid(h.emitidaEn ? new Date(h.emitidaEn) : instante),
      simplificada: h.tipo === 'simplificada' || h.tipoRectificativa === 'R5',
      ...(rectificativa ? { rectificativa } : {}),
    },
    descripcion: h.observaciones?.trim() || 'Venta de bienes y prestación de servicios',
    lineas: lineas.map((l) => {
      const bruto = num(l.cantidad) * num(l.precio);
      const descuento = (bruto * num(l.descuento)) / 100;
      const total = num(l.importe) * (1 + (num(l.porcIva) + num(l.porcRecargo)) / 100);
      return {
        descripcion: l.descripcion,
        cantidad: l.cantidad,
        unitario: l.precio,
        descuento: descuento ? importe(descuento) : undefined,
        total: importe(total),
      };
    }),
    importeTotal: importe(num(h.baseImponible) + num(h.totalIva) + num(h.totalRecargo)),
    claves: clavesTbai(h.regimenIva),
    desglose: desgloseTbai(desglose, h.regimenIva),
    porOperacion: dest.extranjero && h.tipo !== 'simplificada',
    software: c.software,
    dispositivo: c.dispositivo,
  };
}

interface Cadena {
  serie: string;
  secuencia: number;
  anterior: DatosFacturaTbai['anterior'];
}

/**
 * Locks the series' chain head until commit and reads it, creating it the first time: ONE upsert (ON CONFLICT DO
 * UPDATE locks the existing row as FOR UPDATE would). Taken after the series counter (fixed lock order).
 */
async function bloquearCadena(t: Scope, serie: string): Promise<Cadena> {
  const [head] = await t.consulta<{
    secuencia: number;
    numero: string | null;
    fecha: string | null;
    firma: string | null;
  }>(Q_CADENA, { serie, empresa: t.empresaId });
  return {
    serie,
    secuencia: Number(head!.secuencia),
    anterior:
      head!.numero && head!.fecha && head!.firma
        ? { serie: serie || null, numero: head!.numero, fecha: head!.fecha, firma: head!.firma }
        : null,
  };
}

const Q_CADENA = plantilla((p) => {
  const n = (k: { name: string }) => sql.identifier(k.name);
  const k = ticketbaiCadena;
  return sql`insert into ${k} as hc (${n(k.empresaId)}, ${n(k.serie)}) values (${p('empresa')}, ${p('serie')})
    on conflict (${n(k.empresaId)}, ${n(k.serie)}) do update set ${n(k.serie)} = excluded.${n(k.serie)}
    returning hc.${n(k.secuencia)} as secuencia, hc.${n(k.ultimoNumero)} as numero, hc.${n(k.ultimaFecha)} as fecha,
      hc.${n(k.ultimaFirma)} as firma`;
});

/** The TicketBAI file of an invoice just issued. Nothing when the company does not use TicketBAI. */
const TIPOS_ALTA = ['factura', 'simplificada', 'rectificativa'];

/** An alta prepared before the number: `paso` builds, signs and stores it once the invoice has its number. */
export interface AltaTbaiPreparada {
  paso: (t: Scope, hecha: Cabecera) => Promise<number | null>;
}

/**
 * everything of an alta that does not need the number nor the chain — the company's TicketBAI context,
 * its certificate opened, the invoice's lines and the invoice it rectifies — read BEFORE the number (`h`: the draft
 * about to take it, its lines already final), so under the series counter only the chain head's lock, the XML built
 * and signed in Node and ONE statement (the file, its queue row and the moved head) remain. Null when the company
 * does not use TicketBAI or the document is not an invoice.
 */
export async function prepararAltaTbai(
  t: Scope,
  h: Cabecera,
  op: { instante?: Date } = {},
): Promise<AltaTbaiPreparada | null> {
  if (!TIPOS_ALTA.includes(h.tipo)) return null;
  const c = await contextoTbai(t);
  if (!c) return null;
  const clave = await claveFirma(t, c.e);
  const leidas = await lecturasFacturaTbai(t, h);
  return {
    async paso(tx, hecha) {
      if (hecha.numero === null) return null;
      const instante = op.instante ?? new Date();
      const datos = construirDatosTbai(c, hecha, instante, leidas);
      const cadena = await bloquearCadena(tx, datos.factura.serie ?? '');
      const partes = ticketBaiSinFirma({ ...datos, anterior: cadena.anterior });
      const f = firmarTbai({ ...partes, ns: NS_ALTA }, { provincia: c.provincia, clave, instante });
      const identificador = identificadorTbai(datos.emisor.nif, hecha.fecha, f.signatureValue);
      const urlQr = urlQrTbaiDe(c.provincia, c.entorno, {
        identificador,
        serie: datos.factura.serie,
        numero: datos.factura.numero,
        importe: datos.importeTotal,
      });
      const secuencia = cadena.secuencia + 1;
      const [fila] = await tx.consulta<{ id: number | string }>(Q_ALTA, {
        provincia: c.provincia,
        documento: hecha.id,
        serie: cadena.serie,
        numero: datos.factura.numero,
        fecha: hecha.fecha,
        secuencia,
        identificador,
        firma: f.signatureValue,
        firmaCorta: f.signatureValue.slice(0, 100),
        anterior: cadena.anterior?.firma ?? null,
        importe: datos.importeTotal,
        urlQr,
        xml: f.xml,
        empresa: tx.empresaId,
      });
      return Number(fila!.id);
    },
  };
}

/** The signed file, its queue row and the moved chain head, in ONE statement (data-modifying CTEs). */
const Q_ALTA = plantilla((p, de) => {
  const n = (k: { name: string }) => sql.identifier(k.name);
  const r = ticketbaiRegistros;
  const q = ticketbaiCola;
  const k = ticketbaiCadena;
  return sql`
    with r as (
      insert into ${r} (${n(r.empresaId)}, ${n(r.clase)}, ${n(r.provincia)}, ${n(r.idDocumento)}, ${n(r.serie)},
        ${n(r.numero)}, ${n(r.fecha)}, ${n(r.secuencia)}, ${n(r.identificador)}, ${n(r.signatureValue)},
        ${n(r.firmaAnterior)}, ${n(r.importeTotal)}, ${n(r.urlQr)}, ${n(r.xml)})
      values (${p('empresa')}, 'alta', ${p('provincia')}, ${p('documento')}, ${p('serie')}, ${p('numero')},
        ${p('fecha')}, ${p('secuencia')}, ${p('identificador')}, ${p('firma')}, ${p('anterior')}, ${p('importe')},
        ${p('urlQr')}, ${p('xml')})
      returning ${n(r.id)} as id
    ), q as (
      insert into ${q} (${n(q.empresaId)}, ${n(q.idRegistro)}) select ${p('empresa')}, r.id from r
    ), h as (
      update ${k} hc set ${n(k.secuencia)} = ${p('secuencia')}, ${n(k.ultimoId)} = r.id,
        ${n(k.ultimoNumero)} = ${p('numero')}, ${n(k.ultimaFecha)} = ${p('fecha')}, ${n(k.ultimaFirma)} = ${p('firmaCorta')}
      from r where ${de('hc')} and hc.${n(k.serie)} = ${p('serie')}
    )
    select id from r`;
});

/** The alta of an invoice that already has its number, in one go (prepared and stored in the same call). */
export async function registrarAltaTbai(t: Scope, h: Cabecera, op: { instante?: Date } = {}): Promise<number | null> {
  if (!TIPOS_ALTA.includes(h.tipo) || h.numero === null) return null;
  const preparada = await prepararAltaTbai(t, h, op);
  return preparada ? preparada.paso(t, h) : null;
}

/** The cancellation file (AnulaTicketBai) of a cancelled invoice that has a TicketBAI alta. */
export async function registrarAnulacionTbai(
  t: Scope,
  h: Cabecera,
  op: { instante?: Date } = {},
): Promise<number | null> {
  if (h.numero === null || !['factura', 'simplificada', 'rectificativa'].includes(h.tipo)) return null;
  const [alta] = await t
    .pick(
      { id: ticketbaiRegistros.id, serie: ticketbaiRegistros.serie, numero: ticketbaiRegistros.numero },
      ticketbaiRegistros,
      and(eq(ticketbaiRegistros.idDocumento, h.id), eq(ticketbaiRegistros.clase, 'alta')),
    )
    .limit(1);
  if (!alta) return null;
  const c = await contextoTbai(t);
  if (!c) return null;
  const instante = op.instante ?? new Date();
  const clave = await claveFirma(t, c.e);
  const partes = anulaTicketBaiSinFirma({
    emisor: { nif: c.e.nif.toUpperCase(), nombre: c.e.nombre },
    factura: { serie: alta.serie || null, numero: alta.numero, fecha: h.fecha },
    software: c.software,
    dispositivo: c.dispositivo,
  });
  const f = firmarTbai({ ...partes, ns: NS_ANULACION }, { provincia: c.provincia, clave, instante });
  const [fila] = await t
    .insert(ticketbaiRegistros, {
      clase: 'anulacion',
      provincia: c.provincia,
      idDocumento: h.id,
      serie: alta.serie,
      numero: alta.numero,
      fecha: h.fecha,
      signatureValue: f.signatureValue,
      xml: f.xml,
    })
    .returning({ id: ticketbaiRegistros.id });
  await t.insert(ticketbaiCola, { idRegistro: fila!.id });
  return fila!.id;
}

/** The invoice's TicketBAI identifier and QR URL (its alta), for the PDF and the invoice JSON. */
export async function qrTbaiFactura(
  s: Scope,
  idDocumento: number,
): Promise<{ identificador: string; url: string } | null> {
  const [r] = await s
    .pick(
      { identificador: ticketbaiRegistros.identificador, url: ticketbaiRegistros.urlQr },
      ticketbaiRegistros,
      and(eq(ticketbaiRegistros.idDocumento, idDocumento), sql`${ticketbaiRegistros.urlQr} is not null`),
    )
    .orderBy(sql`${ticketbaiRegistros.id} desc`)
    .limit(1);
  return r?.identificador && r.url ? { identificador: r.identificador, url: r.url } : null;
}
