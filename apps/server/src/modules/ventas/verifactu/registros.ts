import {
  calcularHuella,
  type DatosAlta,
  type DatosAnulacion,
  type DatosDesglose,
  type DesgloseIva,
  esFechaHoraHuso,
  type ImpuestoVF,
  type IncidenciaRegistro,
  type OperacionExenta,
  type PersonaFisicaJuridica,
  partesHuellaAlta,
  prepararRegistroAlta,
  prepararRegistroAnulacion,
  type RegistroAlta,
  type RegistroFacturacion,
  type RegistroPreparado,
  TIPOS_IDENTIFICACION,
  type TipoFactura,
  type TipoRectificativa,
  urlCotejoDe,
} from '@faro/domain';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import { type Marcador, type PredicadoEmpresa, plantilla } from '../../../platform/tenancy/plantilla.ts';
import { filaDe, type Scope } from '../../../platform/tenancy/scope.ts';
import {
  clientesTable,
  col,
  documentosVenta as dv,
  empresa,
  verifactuCadena,
  verifactuCola,
  verifactuConfig,
  verifactuEnvio,
  verifactuRegistros,
} from '../../../platform/tenancy/tables.ts';
import type { BloqueoNumerado, EscrituraNumerada, LecturaPrevia } from '../../documentos/lado.ts';
import { DIGITOS_NUMERO } from '../../documentos/numeracion.ts';
import {
  type ConfiguracionVf,
  cargarConfiguracion,
  cargarEmpresa,
  type EmpresaVf,
  MSG_VF,
  sistemaDe,
  usaVerifactu,
} from './configuracion.ts';

/**
 * Generation of the company's chained records inside the caller's transaction (issue, cancellation, subsanación):
 * lock the chain head of (company, installation) FOR UPDATE, generate + validate with the domain core, insert the
 * record (immutable) and its queue row, move the head. The head lock serialises concurrent issuers, so the chain
 * never forks; the generation instant is never earlier than the previous record's (domain `fechaHoraHusoGenRegistro`).
 */

type Cabecera = typeof dv.$inferSelect;
export type ClaseRegistro = 'alta' | 'anulacion' | 'subsanacion';

const IMPUESTO_VF: Record<string, ImpuestoVF> = { IVA: '01', IPSI: '02', IGIC: '03' };
const EXENCIONES = new Set(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8']);
const PAISES_UE = new Set(
  'AT BE BG CY CZ DE DK EE EL GR FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

const cero = (v: string | null | undefined) => !v || Number(v) === 0;

/** One DetalleDesglose per rate of the invoice's breakdown (`documentos_venta.desglose`). */
export function desgloseVerifactu(desglose: readonly DesgloseIva[], regimen: string | null): DatosDesglose[] {
  return desglose.map((d) => {
    const Impuesto = IMPUESTO_VF[d.Impuesto] ?? '01';
    const exportacion = regimen === 'exportacion';
    const ClaveRegimen = Impuesto === '02' ? undefined : exportacion ? '02' : '01';
    const base = { Impuesto, ClaveRegimen, BaseImponibleOimporteNoSujeto: d.Base } as DatosDesglose;
    const causa = d.Exencion?.trim().toUpperCase() ?? '';
    if (EXENCIONES.has(causa)) return { ...base, OperacionExenta: causa as OperacionExenta };
    if (causa === 'N1' || causa === 'N2') return { ...base, CalificacionOperacion: causa };
    if (causa === 'S2') return { ...base, CalificacionOperacion: 'S2', TipoImpositivo: '0', CuotaRepercutida: '0' };
    if (cero(d.Cuota) && cero(d.PorcentajeIva)) {
      if (exportacion) return { ...base, OperacionExenta: 'E2' };
      if (regimen === 'intracomunitario') return { ...base, OperacionExenta: 'E5' };
    }
    const recargo = !cero(d.CuotaRecargo);
    return {
      ...base,
      CalificacionOperacion: 'S1',
      TipoImpositivo: d.PorcentajeIva,
      CuotaRepercutida: d.Cuota,
      ...(recargo ? { TipoRecargoEquivalencia: d.PorcentajeRecargo, CuotaRecargoEquivalencia: d.CuotaRecargo } : {}),
    };
  });
}

async function destinatario(
  t: Scope,
  h: Cabecera,
  leido?: { TipoNIF: string | null },
): Promise<PersonaFisicaJuridica | undefined> {
  const nif = h.terceroNif?.trim().toUpperCase();
  if (!nif) return undefined;
  const [cliente] = leido
    ? [leido]
    : ((await t.pick(
        { TipoNIF: col(clientesTable, 'TipoNIF') },
        clientesTable,
        eq(col(clientesTable, 'Id'), h.idTercero),
      )) as {
        TipoNIF: string | null;
      }[]);
  const pais = (h.terceroPais ?? '').trim().toUpperCase();
  const tipo = cliente?.TipoNIF ?? (pais && pais !== 'ES' ? (PAISES_UE.has(pais) ? 'nifiva' : 'extranjero') : 'nif');
  if (tipo === 'nif' || !tipo) return { NombreRazon: h.terceroNombre, NIF: nif };
  const aeat = TIPOS_IDENTIFICACION.find((t) => t.value === tipo)?.aeat || '06';
  const codigoPais = pais || (aeat === '02' ? nif.slice(0, 2) : '');
  return {
    NombreRazon: h.terceroNombre,
    IDOtro: { ...(codigoPais && aeat !== '02' ? { CodigoPais: codigoPais } : {}), IDType: aeat as never, ID: nif },
  };
}

function tipoFactura(h: Cabecera): TipoFactura {
  if (h.tipo === 'simplificada') return 'F2';
  if (h.tipo === 'rectificativa') return (h.tipoRectificativa as TipoFactura | null) ?? 'R1';
  return 'F1';
}

/** What the registro de alta needs from other rows: the recipient (its NIF type) and the rectified invoice. */
interface ConsultasAlta {
  destinatario?: PersonaFisicaJuridica;
  rectificada?: Cabecera;
}

/** The reads behind an invoice's alta, none of them of the number: done before it, outside the locks. */
async function consultasAlta(t: Scope, h: Cabecera, cliente?: { TipoNIF: string | null }): Promise<ConsultasAlta> {
  const TipoFactura = tipoFactura(h);
  const q: ConsultasAlta = {};
  if (TipoFactura !== 'F2' && TipoFactura !== 'R5') q.destinatario = await destinatario(t, h, cliente);
  if (TipoFactura.startsWith('R') && h.idRectificada) {
    const [r] = await t.select(dv, eq(dv.id, h.idRectificada));
    q.rectificada = r;
  }
  return q;
}

function construirAlta(e: EmpresaVf, h: Cabecera, q: ConsultasAlta): DatosAlta {
  const TipoFactura = tipoFactura(h);
  const datos: DatosAlta = {
    IDEmisorFactura: e.nif,
    NumSerieFactura: h.numSerie ?? '',
    FechaExpedicionFactura: h.fecha,
    NombreRazonEmisor: e.nombre,
    RefExterna: `FV${h.id}`,
    TipoFactura,
    DescripcionOperacion: (h.observaciones?.trim() || 'Venta de bienes y prestación de servicios').slice(0, 500),
    Desglose: desgloseVerifactu((h.desglose ?? []) as DesgloseIva[], h.regimenIva),
  };
  if (q.destinatario) datos.Destinatarios = [q.destinatario];
  if (TipoFactura.startsWith('R')) {
    datos.TipoRectificativa = (h.modoRectificativa as TipoRectificativa | null) ?? 'I';
    const r = q.rectificada;
    if (r?.numSerie) {
      datos.FacturasRectificadas = [{ NumSerieFactura: r.numSerie, FechaExpedicionFactura: r.fecha }];
      if (datos.TipoRectificativa === 'S') {
        datos.ImporteRectificacion = {
          BaseRectificada: r.baseImponible,
          CuotaRectificada: r.totalIva,
          ...(cero(r.totalRecargo) ? {} : { CuotaRecargoRectificado: r.totalRecargo }),
        };
      }
    }
  }
  return datos;
}

/** The business data of an issued invoice for its registro de alta. */
export async function datosAlta(t: Scope, e: EmpresaVf, h: Cabecera): Promise<DatosAlta> {
  return construirAlta(e, h, await consultasAlta(t, h));
}

interface Cadena {
  instalacion: string;
  secuencia: number;
  anterior: RegistroFacturacion | null;
}

/**
 * Locks the chain head of (company, installation) until commit: one SELECT … FOR UPDATE (the head is created, once
 * per installation, when missing). Taken AFTER the series counter, never before (fixed lock order).
 */
async function bloquearCadena(t: Scope, instalacion: string): Promise<Cadena> {
  const bloquear = () => t.select(verifactuCadena, eq(verifactuCadena.instalacion, instalacion)).for('update');
  let [head] = await bloquear();
  if (!head) {
    await t.insert(verifactuCadena, { instalacion }).onConflictDoNothing();
    [head] = await bloquear();
  }
  return {
    instalacion,
    secuencia: head!.secuencia,
    anterior: (head!.ultimoRegistro as RegistroFacturacion | null) ?? null,
  };
}

function rechazar(p: RegistroPreparado<unknown>): void {
  if (p.valido) return;
  const errores = p.incidencias
    .filter((i: IncidenciaRegistro) => i.Gravedad === 'error')
    .map((i) => ({ Campo: i.Campo, Mensaje: i.Codigo ? `${i.Mensaje} (${i.Codigo})` : i.Mensaje }));
  throw badRequest(`${MSG_VF.registroInvalido}: ${errores.map((x) => x.Mensaje).join('; ')}`, errores);
}

/** Whether the company's sending is in incidence mode: new queue rows are then marked delayed (read before locks). */
async function enIncidencia(t: Scope): Promise<boolean> {
  const [envio] = await t.pick({ estado: verifactuEnvio.estado }, verifactuEnvio);
  return (envio?.estado as { incidencia?: boolean } | undefined)?.incidencia === true;
}

const c = (column: { name: string }) => sql.identifier(column.name);

/**
 * The three writes of a record, as CTEs `vf_r`, `vf_q`, `vf_h`: the record (immutable) inserted from `fuente` (a
 * select of the record's columns, in the order of `insert` below, with the installation as `p('vf_instalacion')`),
 * its queue row and the chain head moved onto it. `vf_r` answers id, empresa, secuencia, registro and url_qr.
 * Shared by `insertar` (values from Node) and `ESCRITURA_ALTA` (values computed inside the numbering statement).
 */
function escriturasRegistro(p: Marcador, de: PredicadoEmpresa, fuente: SQL): SQL {
  const r = verifactuRegistros;
  const q = verifactuCola;
  const k = verifactuCadena;
  return sql`
      vf_r as (
        insert into ${r} (${c(r.empresaId)}, ${c(r.instalacion)}, ${c(r.secuencia)}, ${c(r.clase)},
          ${c(r.idDocumento)}, ${c(r.numSerieFactura)}, ${c(r.fechaExpedicion)}, ${c(r.tipoFactura)},
          ${c(r.cuotaTotal)}, ${c(r.importeTotal)}, ${c(r.huella)}, ${c(r.huellaAnterior)}, ${c(r.fechaHoraHuso)},
          ${c(r.registro)}, ${c(r.urlQr)})
        ${fuente}
        returning ${c(r.id)} as id, ${c(r.empresaId)} as empresa, ${c(r.secuencia)} as secuencia,
          ${c(r.registro)} as registro, ${c(r.urlQr)} as url_qr
      ),
      vf_q as (
        insert into ${q} (${c(q.empresaId)}, ${c(q.idRegistro)}, ${c(q.retrasado)})
        select w.empresa, w.id, ${p('vf_retrasado')}::boolean from vf_r w
      ),
      vf_h as (
        update ${k} hc set ${c(k.ultimoId)} = w.id, ${c(k.secuencia)} = w.secuencia, ${c(k.ultimoRegistro)} = w.registro
        from vf_r w where ${de('hc')} and hc.${c(k.instalacion)} = ${p('vf_instalacion')}::text
      )`;
}

/** `insertar`'s statement, a template (it runs on every issue of a VeriFactu company). */
const Q_INSERTAR = plantilla(
  (p, de) => sql`
      with ${escriturasRegistro(
        p,
        de,
        sql`values (${p('empresa')}, ${p('vf_instalacion')}, ${p('secuencia')}, ${p('clase')}, ${p('documento')},
          ${p('numSerie')}, ${p('fecha')}, ${p('tipoFactura')}, ${p('cuota')}, ${p('importe')}, ${p('huella')},
          ${p('anterior')}, ${p('generado')}, ${p('registro')}::jsonb, ${p('urlQr')})`,
      )}
      select id from vf_r`,
);

/**
 * Stores a generated record under the chain head lock in ONE statement: the record (immutable), its queue row and
 * the moved head, as data-modifying CTEs of one INSERT.
 */
async function insertar(
  t: Scope,
  cfg: ConfiguracionVf,
  cadena: Cadena,
  clase: ClaseRegistro,
  idDocumento: number | null,
  registro: RegistroFacturacion,
  retrasado: boolean,
  /** The alta's cotejo URL (its QR), computed by the caller that also answers with it. */
  urlQr: string | null = null,
): Promise<number> {
  const alta = registro.TipoOperacion === 'Alta' ? registro : null;
  const id = alta ? alta.IDFactura : null;
  const anul = registro.TipoOperacion === 'Anulacion' ? registro.IDFactura : null;
  const anterior =
    'RegistroAnterior' in registro.Encadenamiento ? registro.Encadenamiento.RegistroAnterior.Huella : null;
  const secuencia = cadena.secuencia + 1;
  const json = JSON.stringify(registro);
  const [fila] = await t.consulta<{ id: number | string }>(Q_INSERTAR, {
    empresa: t.empresaId,
    vf_instalacion: cadena.instalacion,
    secuencia,
    clase,
    documento: idDocumento,
    numSerie: id?.NumSerieFactura ?? anul!.NumSerieFacturaAnulada,
    fecha: id?.FechaExpedicionFactura ?? anul!.FechaExpedicionFacturaAnulada,
    tipoFactura: alta?.TipoFactura ?? null,
    cuota: alta?.CuotaTotal ?? null,
    importe: alta?.ImporteTotal ?? null,
    huella: registro.Huella,
    anterior,
    generado: registro.FechaHoraHusoGenRegistro,
    registro: json,
    urlQr: alta ? (urlQr ?? urlCotejoDe(alta, { entorno: cfg.entorno })) : null,
    vf_retrasado: retrasado,
  });
  return Number(fila!.id);
}

async function contexto(t: Scope) {
  const e = await cargarEmpresa(t);
  if (!usaVerifactu(e)) return null;
  if (!e.nif?.trim()) throw badRequest(MSG_VF.sinNif);
  const cfg = await cargarConfiguracion(t, e);
  return { e, cfg };
}

type FilaConfig = typeof verifactuConfig.$inferSelect;

/** `cargarConfiguracion` over a row already read (no certificate: generating a record needs none). */
function configuracionDe(e: EmpresaVf, row: FilaConfig | null): ConfiguracionVf {
  return {
    sistema: sistemaDe(e, row),
    entorno: row?.entorno === 'produccion' ? 'produccion' : 'pruebas',
    zona: e.tributacion === 'canarias' ? 'canarias' : 'peninsula',
    envioAeat: row?.envioAeat ?? false,
    url: row?.url ?? null,
    certificado: null,
  };
}

/** What issuing needs of the company, read in ONE statement before the number (`contextoEmision`). */
export interface ContextoEmision {
  e: EmpresaVf;
  fila: FilaConfig | null;
  /** The company's sending is in incidence mode: new queue rows go delayed. */
  incidencia: boolean;
  /** The invoice customer's identification type (for the recipient of the alta). */
  tipoNif: string | null;
}

/**
 * The company (its e-invoicing system), its VeriFactu configuration, its sending state and the customer's NIF type,
 * in one statement: everything the alta needs that is not the number nor the chain.
 */
export async function contextoEmision(t: Scope, h: Cabecera, leido?: unknown): Promise<ContextoEmision> {
  const row = (leido ?? (await t.consulta(Q_CONTEXTO, valoresContexto(t, h)))[0]?.contexto) as Record<
    string,
    unknown
  > | null;
  if (!row) throw new AppError(404, 'No encontrado');
  const config = row.config as Record<string, unknown> | null;
  return {
    e: {
      id: Number(row.id),
      nombre: row.nombre as string,
      nif: row.nif as string,
      tributacion: row.tributacion as EmpresaVf['tributacion'],
      tipoFacturaElectronica: row.tipo_factura_electronica as EmpresaVf['tipoFacturaElectronica'],
    },
    fila: config ? filaDe(verifactuConfig, config) : null,
    incidencia: (row.envio as { incidencia?: boolean } | null)?.incidencia === true,
    tipoNif: (row.tipo_nif as string | null) ?? null,
  };
}

/**
 * `contextoEmision`'s read as one json value: alone (a template), or folded into the issue's first statement
 * (`lecturaContexto`). The configuration's certificate is not read (generating a record needs none: sending does).
 */
const CONTEXTO_JSON: LecturaPrevia['sql'] = (p, de) => {
  const n = (k: { name: string }) => sql.identifier(k.name);
  const cl = (f: string) => n(col(clientesTable, f));
  const sinLeer = new Set<string>([verifactuConfig.certificado.name, verifactuConfig.certificadoClave.name]);
  const configuracion = sql.join(
    Object.values(getTableColumns(verifactuConfig))
      .filter((k) => !sinLeer.has(k.name))
      .map((k) => sql`${k.name}::text, vc.${n(k)}`),
    sql`, `,
  );
  return sql`select json_build_object('id', e.${n(empresa.id)}, 'nombre', e.${n(empresa.nombre)},
      'nif', e.${n(empresa.nif)}, 'tributacion', e.${n(empresa.tributacion)},
      'tipo_factura_electronica', e.${n(empresa.tipoFacturaElectronica)},
      'config', (select json_build_object(${configuracion}) from ${verifactuConfig} vc where ${de('vc')}),
      'envio', (select ve.${n(verifactuEnvio.estado)} from ${verifactuEnvio} ve where ${de('ve')}),
      'tipo_nif', (select c.${cl('TipoNIF')} from ${clientesTable} c where ${de('c')} and c.${cl('Id')} = ${p('contexto_cliente')}))
    from empresas e where e.${n(empresa.id)} = ${p('contexto_empresa')}`;
};
const Q_CONTEXTO = plantilla((p, de) => sql`select (${CONTEXTO_JSON(p, de)}) as contexto`);
const valoresContexto = (t: Scope, h: Cabecera) => ({
  contexto_empresa: t.empresaId,
  contexto_cliente: h.idTercero ?? -1,
});

/** `contextoEmision`'s read of an issue, folded into its first statement; pass the answer to `contextoEmision`. */
export const lecturaContexto = (t: Scope, h: Cabecera): LecturaPrevia => ({
  nombre: 'contexto',
  sql: CONTEXTO_JSON,
  valores: valoresContexto(t, h),
});

export interface OpcionesAlta {
  Subsanacion?: boolean;
  RechazoPrevio?: 'S' | 'X';
  instante?: Date;
}

/** The chained step of an alta, once the invoice has its number: run under the series counter lock. */
export interface PasoAlta {
  /** The chain head, locked and read by the numbering statement right after the counter (`PasoNumerado.bloqueo`). */
  bloqueo: BloqueoNumerado;
  /**
   * The whole record written by the numbering statement itself (`PasoNumerado.escritura`), when the series is known:
   * then `paso` gets its answer and only checks it.
   */
  escritura?: EscrituraNumerada;
  /** Builds, hashes and stores the record; `bloqueado` is the head read by `bloqueo` (null: it locks the head). */
  paso: (t: Scope, hecha: Cabecera, bloqueado: unknown) => Promise<{ id: number; urlQr: string | null }>;
}

/** The chain head of the installation `bloqueo_instalacion`, locked and read inside the numbering statement. */
const BLOQUEO_CADENA: BloqueoNumerado['sql'] = (p, de, tras) => {
  const k = verifactuCadena;
  return sql`
      select jsonb_build_object('secuencia', hc.${c(k.secuencia)}, 'ultimo', hc.${c(k.ultimoRegistro)}) as bloqueado
      from ${k} hc where ${de('hc')} and hc.${c(k.instalacion)} = ${p('bloqueo_instalacion')} and ${tras}
      for update of hc`;
};

/** The IANA zone whose offsets `fechaHoraHuso` writes (the EU rule, as PostgreSQL's tz database has it). */
export const ZONA_IANA = { peninsula: 'Europe/Madrid', canarias: 'Atlantic/Canary' } as const;

/** The domain's `fechaHoraHuso` in SQL: a timestamptz written in Spain's local time of `zona` (an IANA name). */
export const fechaHoraHusoSql = (instante: SQL, zona: SQL) =>
  sql`to_char(${instante} at time zone ${zona}, 'YYYY-MM-DD"T"HH24:MI:SS') || '+' ||
    to_char((${instante} at time zone ${zona}) - (${instante} at time zone 'UTC'), 'HH24:MI')`;

/**
 * The registro de alta written INSIDE the numbering statement (under the series counter and the chain head
 * only that statement and the commit remain). Node prepares everything before the number: the record as a json
 * template (validated, with a stand-in number), the hash input cut around the three values the database supplies
 * (`partesHuellaAlta`: the number, the previous huella, the generation instant) and the cotejo URL around the
 * number's digits. The CTEs lock the head through `d` (after the counter), take the later of the prepared instant
 * and the previous record's (`fechaHoraHusoGenRegistro`), hash with `sha256`, store the record, its queue row and
 * the moved head. No head yet (the installation's first record): they write nothing and `paso` does it the slow way.
 */
const ESCRITURA_ALTA: Pick<EscrituraNumerada, 'ctes' | 'resultado'> = {
  ctes: (p, de) => {
    const k = verifactuCadena;
    const r = verifactuRegistros;
    const previo = sql`(x.u ->> 'FechaHoraHusoGenRegistro')::timestamptz`;
    const zona = sql`${p('vf_zona')}::text`;
    const idPrevio = (campo: string) =>
      sql`coalesce(v.u -> 'IDFactura' ->> ${sql.raw(`'${campo}'`)}, v.u -> 'IDFactura' ->> ${sql.raw(`'${campo}Anulada'`)})`;
    return sql`
      vf_x as (
        select hc.${c(k.secuencia)} as secuencia, nullif(hc.${c(k.ultimoRegistro)}, 'null'::jsonb) as u
        from ${k} hc join d on d.numero is not null
        where ${de('hc')} and hc.${c(k.instalacion)} = ${p('vf_instalacion')}::text
        for update of hc
      ),
      vf_t as (
        select x.secuencia + 1 as secuencia, x.u, d.${c(r.empresaId)} as empresa, d.id as documento,
          ${p('vf_prefijo')}::text || n.digitos as num_serie, n.digitos, x.u ->> 'Huella' as anterior,
          case when x.u is not null and ${previo} > ${p('vf_generado')}::timestamptz
            then ${fechaHoraHusoSql(previo, zona)}
            else ${p('vf_generado')}::text end as generado
        from vf_x x, d, n
      ),
      vf_v as (
        select t.*, upper(encode(sha256(convert_to(${p('vf_h1')}::text || t.num_serie || ${p('vf_h2')}::text ||
          coalesce(t.anterior, '') || ${p('vf_h3')}::text || t.generado || ${p('vf_h4')}::text, 'UTF8')), 'hex')) as huella
        from vf_t t
      ),
      vf_reg as (
        select v.*, ${p('vf_plantilla')}::jsonb || jsonb_build_object(
          'IDFactura', (${p('vf_plantilla')}::jsonb -> 'IDFactura') || jsonb_build_object('NumSerieFactura', v.num_serie),
          'Encadenamiento', case when v.u is null then jsonb_build_object('PrimerRegistro', 'S')
            else jsonb_build_object('RegistroAnterior', jsonb_build_object(
              'IDEmisorFactura', ${idPrevio('IDEmisorFactura')}, 'NumSerieFactura', ${idPrevio('NumSerieFactura')},
              'FechaExpedicionFactura', ${idPrevio('FechaExpedicionFactura')}, 'Huella', v.anterior)) end,
          'FechaHoraHusoGenRegistro', v.generado, 'Huella', v.huella) as registro
        from vf_v v
      ),
      ${escriturasRegistro(
        p,
        de,
        sql`select g.empresa, ${p('vf_instalacion')}::text, g.secuencia, ${p('vf_clase')}::text, g.documento,
          g.num_serie, ${p('vf_fecha')}::text, ${p('vf_tipo')}::text, ${p('vf_cuota')}::text, ${p('vf_importe')}::text,
          g.huella, g.anterior, g.generado, g.registro, ${p('vf_url_a')}::text || g.digitos || ${p('vf_url_b')}::text
        from vf_reg g`,
      )}`;
  },
  resultado: () => sql`select json_build_object('id', w.id, 'urlQr', w.url_qr, 'registro', w.registro) from vf_r w`,
};

/**
 * What `ESCRITURA_ALTA` needs of an alta prepared before its number (`datos` without it, `prefijo` the series'):
 * null when the series' prefix would be trimmed (the record's number is the printed one trimmed), so the slow way runs.
 */
function escrituraAlta(
  datos: DatosAlta,
  prefijo: string,
  ctx: { cfg: ConfiguracionVf },
  clase: ClaseRegistro,
  retrasado: boolean,
): EscrituraNumerada | null {
  if (prefijo !== prefijo.trimStart()) return null;
  const provisional = `${prefijo}${'0'.repeat(DIGITOS_NUMERO)}`;
  const p = prepararRegistroAlta(
    { ...datos, NumSerieFactura: provisional },
    { SistemaInformatico: ctx.cfg.sistema, anterior: null, instante: new Date(), zona: ctx.cfg.zona },
  );
  rechazar(p);
  const plantilla = p.registro;
  const url = urlCotejoDe(plantilla, { entorno: ctx.cfg.entorno });
  const marca = `&numserie=${encodeURIComponent(provisional)}&`;
  const corte = url.indexOf(marca);
  if (corte < 0) return null;
  const [h1, h2, h3, h4] = partesHuellaAlta(plantilla);
  return {
    clave: 'verifactu-alta',
    ...ESCRITURA_ALTA,
    valores: {
      vf_instalacion: ctx.cfg.sistema.NumeroInstalacion,
      vf_prefijo: prefijo,
      vf_generado: plantilla.FechaHoraHusoGenRegistro,
      vf_zona: ZONA_IANA[ctx.cfg.zona],
      vf_h1: h1,
      vf_h2: h2,
      vf_h3: h3,
      vf_h4: h4,
      vf_plantilla: JSON.stringify(plantilla),
      vf_clase: clase,
      vf_fecha: plantilla.IDFactura.FechaExpedicionFactura,
      vf_tipo: plantilla.TipoFactura,
      vf_cuota: plantilla.CuotaTotal,
      vf_importe: plantilla.ImporteTotal,
      vf_url_a: `${url.slice(0, corte)}&numserie=${encodeURIComponent(prefijo)}`,
      vf_url_b: url.slice(corte + marca.length - 1),
      vf_retrasado: retrasado,
    },
  };
}

/** The answer of `ESCRITURA_ALTA`, checked before the commit: the number printed, a valid instant, the huella. */
function escritoComprobado(escrito: unknown, hecha: Cabecera): { id: number; urlQr: string | null } {
  const e = escrito as { id: number | string; urlQr: string | null; registro: RegistroAlta };
  const r = e.registro;
  if (
    r.IDFactura.NumSerieFactura !== (hecha.numSerie ?? '').trim() ||
    !esFechaHoraHuso(r.FechaHoraHusoGenRegistro) ||
    calcularHuella(r) !== r.Huella
  ) {
    throw new Error(`El registro VeriFactu escrito por la base de datos no cuadra (factura ${hecha.id})`);
  }
  return { id: Number(e.id), urlQr: e.urlQr };
}

/**
 * Prepares the registro de alta of an invoice about to take its number (`h`: the recomputed draft), reading
 * everything that does not need the number nor the chain — company, configuration, recipient, rectified invoice,
 * incidence mode — before any shared lock. Once the number is taken the chain head is locked (after the counter:
 * fixed order; by the numbering statement itself when the engine runs `bloqueo`), the record is built and hashed in
 * Node and stored with its queue row and the moved head in one statement: under the head lock only that statement
 * and the commit. Null when the company is not VeriFactu.
 */
export async function prepararAlta(
  t: Scope,
  h: Cabecera,
  op: OpcionesAlta = {},
  leido?: ContextoEmision,
  /** The series the number will come from: the record is then written by the numbering statement. */
  serie?: { prefijo: string },
): Promise<PasoAlta | null> {
  const pre = leido ?? (await contextoEmision(t, h));
  if (!usaVerifactu(pre.e)) return null;
  if (!pre.e.nif?.trim()) throw badRequest(MSG_VF.sinNif);
  const ctx = { e: pre.e, cfg: configuracionDe(pre.e, pre.fila) };
  const consultas = await consultasAlta(t, h, { TipoNIF: pre.tipoNif });
  const retrasado = pre.incidencia;
  const instalacion = ctx.cfg.sistema.NumeroInstalacion;
  const clase: ClaseRegistro = op.Subsanacion ? 'subsanacion' : 'alta';
  const opciones = (datos: DatosAlta) => {
    if (op.Subsanacion) datos.Subsanacion = 'S';
    if (op.RechazoPrevio) datos.RechazoPrevio = op.RechazoPrevio;
    return datos;
  };
  const escritura =
    serie && !op.instante
      ? escrituraAlta(opciones(construirAlta(ctx.e, h, consultas)), serie.prefijo, ctx, clase, retrasado)
      : null;
  return {
    bloqueo: { clave: 'verifactu', sql: BLOQUEO_CADENA, valores: { bloqueo_instalacion: instalacion } },
    ...(escritura ? { escritura } : {}),
    async paso(tx, hecha, bloqueado) {
      if (escritura && bloqueado) return escritoComprobado(bloqueado, hecha);
      const datos = opciones(construirAlta(ctx.e, hecha, consultas));
      const leida = bloqueado as { secuencia: number; ultimo: RegistroFacturacion | null } | null;
      const cadena: Cadena = leida
        ? { instalacion, secuencia: Number(leida.secuencia), anterior: leida.ultimo ?? null }
        : await bloquearCadena(tx, instalacion);
      const p = prepararRegistroAlta(datos, {
        SistemaInformatico: ctx.cfg.sistema,
        anterior: cadena.anterior,
        instante: op.instante,
        zona: ctx.cfg.zona,
      });
      rechazar(p);
      const r = p.registro;
      const urlQr = r.TipoOperacion === 'Alta' ? urlCotejoDe(r, { entorno: ctx.cfg.entorno }) : null;
      const id = await insertar(tx, ctx.cfg, cadena, clase, hecha.id, p.registro, retrasado, urlQr);
      return { id, urlQr };
    },
  };
}

/** The registro de alta of an invoice just issued (or its subsanación). Nothing when the company is not VeriFactu. */
export async function registrarAlta(t: Scope, h: Cabecera, op: OpcionesAlta = {}): Promise<number | null> {
  const p = await prepararAlta(t, h, op);
  return p ? (await p.paso(t, h, null)).id : null;
}

/** The registro de anulación of a cancelled invoice (chained like an alta). */
export async function registrarAnulacion(
  t: Scope,
  h: Cabecera,
  op: { RechazoPrevio?: 'S'; instante?: Date } = {},
): Promise<number | null> {
  if (h.numero === null || !['factura', 'simplificada', 'rectificativa'].includes(h.tipo)) return null;
  const c = await contexto(t);
  if (!c) return null;
  // An invoice issued before VeriFactu was switched on has no alta: the AEAT has nothing to cancel.
  const [previa] = await t
    .pick({ id: verifactuRegistros.id }, verifactuRegistros, eq(verifactuRegistros.idDocumento, h.id))
    .limit(1);
  const datos: DatosAnulacion = {
    IDEmisorFacturaAnulada: c.e.nif,
    NumSerieFacturaAnulada: h.numSerie ?? '',
    FechaExpedicionFacturaAnulada: h.fecha,
    RefExterna: `FV${h.id}`,
    ...(previa ? {} : { SinRegistroPrevio: 'S' as const }),
    ...(op.RechazoPrevio ? { RechazoPrevio: op.RechazoPrevio } : {}),
  };
  const retrasado = await enIncidencia(t);
  const cadena = await bloquearCadena(t, c.cfg.sistema.NumeroInstalacion);
  const p = prepararRegistroAnulacion(datos, {
    SistemaInformatico: c.cfg.sistema,
    anterior: cadena.anterior,
    instante: op.instante,
    zona: c.cfg.zona,
  });
  rechazar(p);
  return insertar(t, c.cfg, cadena, 'anulacion', h.id, p.registro, retrasado);
}

/**
 * Subsanación of a record the AEAT rejected or accepted with errors: a new alta of the same invoice with
 * Subsanacion=S (RechazoPrevio=X after a rejection), or a new anulación with RechazoPrevio=S.
 */
export async function subsanar(t: Scope, idRegistro: number): Promise<number> {
  const [fila] = await t
    .pick(
      { r: verifactuRegistros, estado: verifactuCola.estado },
      verifactuRegistros,
      eq(verifactuRegistros.id, idRegistro),
    )
    .innerJoin(verifactuCola, t.on(verifactuCola, eq(verifactuCola.idRegistro, verifactuRegistros.id)))
    .for('update', { of: verifactuCola });
  if (!fila) throw badRequest(MSG_VF.noSubsanable);
  if (fila.estado !== 'rechazado' && fila.estado !== 'conerrores') throw badRequest(MSG_VF.noSubsanable);
  const [posterior] = await t
    .pick(
      { id: verifactuRegistros.id },
      verifactuRegistros,
      and(eq(verifactuRegistros.idDocumento, fila.r.idDocumento ?? -1), sql`${verifactuRegistros.id} > ${idRegistro}`),
    )
    .limit(1);
  if (posterior) throw badRequest(MSG_VF.yaSubsanado);
  const [h] = await t.select(dv, eq(dv.id, fila.r.idDocumento ?? -1));
  if (!h) throw badRequest(MSG_VF.noSubsanable);
  const rechazado = fila.estado === 'rechazado';
  const nuevo =
    fila.r.clase === 'anulacion'
      ? await registrarAnulacion(t, h, rechazado ? { RechazoPrevio: 'S' } : {})
      : await registrarAlta(t, h, { Subsanacion: true, ...(rechazado ? { RechazoPrevio: 'X' } : {}) });
  if (nuevo === null) throw badRequest(MSG_VF.noActivo);
  return nuevo;
}

/** The invoice's current QR URL (its last alta), for the invoice JSON and the PDF. */
export async function urlQrFactura(s: Scope, idDocumento: number): Promise<string | null> {
  const [r] = await s
    .pick(
      { url: verifactuRegistros.urlQr },
      verifactuRegistros,
      and(eq(verifactuRegistros.idDocumento, idDocumento), sql`${verifactuRegistros.urlQr} is not null`),
    )
    .orderBy(sql`${verifactuRegistros.id} desc`)
    .limit(1);
  return r?.url ?? null;
}
