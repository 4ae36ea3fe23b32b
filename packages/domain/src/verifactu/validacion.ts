import { CODIGOS_PAIS, esRectificativa, type TipoFactura } from './codes.ts';
import { aCentesimas, esFechaHoraHuso, fechaIso, IMPORTE_12_2, TIPO_2_2 } from './format.ts';
import { calcularHuella } from './huella.ts';
import { sumaCuotas, sumaImportes } from './registro.ts';
import type {
  DetalleDesglose,
  IDFactura,
  PersonaFisicaJuridica,
  RegistroAlta,
  RegistroAnulacion,
  RegistroFacturacion,
  SistemaInformatico,
} from './types.ts';

/**
 * Local validation of a record against the AEAT rules that can be checked without the AEAT (record design,
 * SuministroInformacion.xsd and the AEAT validation document, compliance-es.md §1.4–1.5). Each finding names the
 * field (XML path), a Spanish message and, where the AEAT has one, its error code. `error` findings mean the record
 * must not be generated as it is; `aviso` ones are accepted by the AEAT but worth a look.
 *
 * Not checked here (they need the AEAT): census of NIFs (4107, 1109, 2001), duplicates (3000), the AEAT clock (2004).
 */

export interface IncidenciaRegistro {
  Campo: string;
  Mensaje: string;
  Codigo?: number;
  Gravedad: 'error' | 'aviso';
}

export interface OpcionesValidacion {
  /** The NIF of Cabecera/ObligadoEmision the record will be sent under (checks error 1108). */
  NIFObligado?: string;
  /** Today (yyyy-mm-dd) for the "not in the future" checks (1112); omitted → not checked. */
  hoy?: string;
}

type Add = (Campo: string, Mensaje: string, Codigo?: number, Gravedad?: 'error' | 'aviso') => void;

const NIF_FORMATO = /^[A-Z0-9]{9}$/;
const HUELLA = /^[0-9A-F]{64}$/;
const CARACTERES_PROHIBIDOS = /[<>"'=]/;
const ASCII_IMPRIMIBLE = /^[\x20-\x7e]*$/;
// XML 1.0 allows tab, LF, CR and everything from U+0020 except the surrogate block and U+FFFE/U+FFFF.
const NO_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const FECHA_MINIMA = '2024-10-28';
const TOLERANCIA = 1000n; // 10.00 € in hundredths

const CON_DESTINATARIO: readonly TipoFactura[] = ['F1', 'F3', 'R1', 'R2', 'R3', 'R4'];
const SIN_DESTINATARIO: readonly TipoFactura[] = ['F2', 'R5'];

function texto(add: Add, campo: string, value: string | undefined, max: number, obligatorio = true): void {
  if (value === undefined || value === '') {
    if (obligatorio) add(campo, `${campo} es obligatorio`);
    return;
  }
  if ([...value].length > max) add(campo, `${campo} admite como máximo ${max} caracteres`);
  if (NO_XML.test(value)) add(campo, `${campo} contiene caracteres de control no admitidos`);
}

function nif(add: Add, campo: string, value: string | undefined, codigo = 1123): void {
  if (!value || !NIF_FORMATO.test(value))
    add(campo, 'El NIF debe tener 9 caracteres (letras mayúsculas y dígitos)', codigo);
}

function numSerie(add: Add, campo: string, value: string): void {
  if (!value || value.length > 60) add(campo, 'El número de serie y factura debe tener entre 1 y 60 caracteres', 1104);
  if (!ASCII_IMPRIMIBLE.test(value)) {
    add(campo, 'El número de serie y factura solo admite caracteres ASCII imprimibles (sin tildes ni ñ)', 1130);
  }
  if (CARACTERES_PROHIBIDOS.test(value)) {
    add(campo, 'El número de serie y factura no puede contener los caracteres < > " \' =', 1287);
  }
}

function fecha(add: Add, campo: string, value: string, codigo: number): string | null {
  const iso = fechaIso(value);
  if (!iso) add(campo, 'La fecha debe ser una fecha válida con formato dd-mm-aaaa', codigo);
  return iso;
}

/** A decimal text in the AEAT's format (`patron`) as hundredths; a bad one gets `mensaje` on its field. */
const centesimas =
  (patron: RegExp, mensaje: string) =>
  (add: Add, campo: string, value: string | undefined): bigint | null => {
    if (value === undefined) return null;
    if (!patron.test(value)) {
      add(campo, mensaje);
      return null;
    }
    return aCentesimas(value);
  };
const importe = centesimas(
  IMPORTE_12_2,
  'El importe debe tener como máximo 12 enteros y 2 decimales, con punto decimal',
);
const tipo = centesimas(TIPO_2_2, 'El tipo debe ser un porcentaje positivo con como máximo 3 enteros y 2 decimales');

function persona(add: Add, campo: string, p: PersonaFisicaJuridica, emisor?: string): void {
  texto(add, `${campo}/NombreRazon`, p.NombreRazon, 120);
  if ((p.NIF ? 1 : 0) + (p.IDOtro ? 1 : 0) !== 1) {
    add(campo, 'Identifique con NIF o con una identificación extranjera (IDOtro), solo una de ellas', 1100);
    return;
  }
  if (p.NIF !== undefined) {
    nif(add, `${campo}/NIF`, p.NIF);
    if (emisor && p.NIF === emisor) add(`${campo}/NIF`, 'El NIF debe ser distinto del NIF del emisor', 1193);
  }
  if (p.IDOtro) {
    const { CodigoPais, IDType, ID } = p.IDOtro;
    if (!['02', '03', '04', '05', '06', '07'].includes(IDType)) {
      add(`${campo}/IDOtro/IDType`, 'El tipo de identificación no es válido', 1102);
    }
    if (!ID || ID.length > 20) add(`${campo}/IDOtro/ID`, 'La identificación debe tener entre 1 y 20 caracteres', 1103);
    if (CodigoPais === undefined) {
      if (IDType !== '02') add(`${campo}/IDOtro/CodigoPais`, 'Indique el país de la identificación', 1111);
    } else if (!CODIGOS_PAIS.includes(CodigoPais)) {
      add(`${campo}/IDOtro/CodigoPais`, 'El código de país no es válido', 1101);
    } else {
      if (CodigoPais === 'ES' && IDType !== '03' && IDType !== '07') {
        add(`${campo}/IDOtro/CodigoPais`, 'Con país ES solo se admite pasaporte (03) o no censado (07)', 1126);
      }
      if (
        IDType === '02' &&
        ID &&
        !ID.toUpperCase().startsWith(CodigoPais) &&
        !(CodigoPais === 'GR' && ID.startsWith('EL'))
      ) {
        add(`${campo}/IDOtro/CodigoPais`, 'El país no coincide con los dos primeros caracteres del NIF-IVA', 1122);
      }
    }
  }
}

function sistema(add: Add, s: SistemaInformatico): void {
  const c = 'SistemaInformatico';
  texto(add, `${c}/NombreRazon`, s.NombreRazon, 120);
  if ((s.NIF ? 1 : 0) + (s.IDOtro ? 1 : 0) !== 1) {
    add(c, 'El productor del sistema se identifica con NIF o con IDOtro, solo uno de ellos', 1223);
  } else if (s.NIF !== undefined) {
    nif(add, `${c}/NIF`, s.NIF, 1176);
  }
  texto(add, `${c}/NombreSistemaInformatico`, s.NombreSistemaInformatico, 30);
  if (!/^[A-Z0-9]{2}$/.test(s.IdSistemaInformatico)) {
    add(
      `${c}/IdSistemaInformatico`,
      'El identificador del sistema son 2 caracteres: letras mayúsculas o dígitos',
      1177,
    );
  }
  texto(add, `${c}/Version`, s.Version, 50);
  texto(add, `${c}/NumeroInstalacion`, s.NumeroInstalacion, 100);
  for (const k of ['TipoUsoPosibleSoloVerifactu', 'TipoUsoPosibleMultiOT', 'IndicadorMultiplesOT'] as const) {
    if (s[k] !== 'S' && s[k] !== 'N') add(`${c}/${k}`, `${k} debe ser S o N`, 1179);
  }
}

function cadenaYHuella(add: Add, r: RegistroFacturacion): void {
  if ('RegistroAnterior' in r.Encadenamiento) {
    const a = r.Encadenamiento.RegistroAnterior;
    nif(add, 'Encadenamiento/RegistroAnterior/IDEmisorFactura', a.IDEmisorFactura);
    if (!a.NumSerieFactura || a.NumSerieFactura.length > 60) {
      add(
        'Encadenamiento/RegistroAnterior/NumSerieFactura',
        'El número de factura del registro anterior no es válido',
        1175,
      );
    }
    if (!fechaIso(a.FechaExpedicionFactura)) {
      add(
        'Encadenamiento/RegistroAnterior/FechaExpedicionFactura',
        'La fecha del registro anterior no es válida',
        1174,
      );
    }
    if (!HUELLA.test(a.Huella)) {
      add(
        'Encadenamiento/RegistroAnterior/Huella',
        'La huella del registro anterior debe tener 64 caracteres hexadecimales',
        2002,
      );
    } else if (a.Huella === r.Huella) {
      add(
        'Encadenamiento/RegistroAnterior/Huella',
        'La huella del registro anterior no puede ser la del propio registro',
        2008,
      );
    }
  } else if (r.Encadenamiento.PrimerRegistro !== 'S') {
    add('Encadenamiento/PrimerRegistro', 'PrimerRegistro solo admite el valor S', 1274);
  }
  sistema(add, r.SistemaInformatico);
  if (!esFechaHoraHuso(r.FechaHoraHusoGenRegistro)) {
    add(
      'FechaHoraHusoGenRegistro',
      'La fecha y hora de generación debe tener el formato aaaa-mm-ddThh:mm:ss+hh:mm',
      1244,
    );
  }
  if (r.TipoHuella !== '01') add('TipoHuella', 'El tipo de huella debe ser 01 (SHA-256)', 1247);
  if (!HUELLA.test(r.Huella)) {
    add('Huella', 'La huella debe tener 64 caracteres hexadecimales en mayúsculas', 1262);
  } else if (calcularHuella(r) !== r.Huella) {
    add('Huella', 'La huella no corresponde a los datos del registro', 2000);
  }
}

const abs = (n: bigint) => (n < 0n ? -n : n);
const entre = (d: string, desde: string, hasta: string) => d >= desde && d <= hasta;

/** Allowed IVA rates (S1) at an operation date (yyyy-mm-dd), with the AEAT code when the date is wrong. */
function tipoIvaPermitido(t: bigint, dia: string): number | null {
  if ([0n, 400n, 1000n, 2100n].includes(t)) return null;
  if (t === 500n) return entre(dia, '2022-07-01', '2024-09-30') ? null : 1194;
  if (t === 200n) return entre(dia, '2024-10-01', '2024-12-31') ? null : 1235;
  if (t === 750n) return entre(dia, '2024-10-01', '2024-12-31') ? null : 1236;
  return 1124;
}

/** The surcharge rates allowed with an IVA rate at a date; the AEAT code when not allowed. */
function recargoPermitido(t: bigint, re: bigint, dia: string): { ok: boolean; codigo: number; texto: string } {
  const ok = (valores: bigint[], codigo: number, textoPar: string) => ({
    ok: valores.includes(re),
    codigo,
    texto: textoPar,
  });
  switch (t) {
    case 2100n:
      return ok([520n, 175n], 1162, 'con IVA al 21 % el recargo es 5,2 o 1,75');
    case 1000n:
      return ok([140n], 1163, 'con IVA al 10 % el recargo es 1,4');
    case 400n:
      return ok([50n], 1164, 'con IVA al 4 % el recargo es 0,5');
    case 750n:
      return ok([100n], 1169, 'con IVA al 7,5 % el recargo es 1');
    case 200n:
      return ok([26n], 1166, 'con IVA al 2 % el recargo es 0,26');
    case 500n:
      if (dia <= '2022-12-31') return ok([50n], 1167, 'con IVA al 5 % en 2022 el recargo es 0,5');
      return ok([62n], 1168, 'con IVA al 5 % entre 2023 y septiembre de 2024 el recargo es 0,62');
    case 0n:
      if (dia >= '2024-10-01') return ok([26n], 1170, 'con IVA al 0 % desde octubre de 2024 el recargo es 0,26');
      return ok(
        entre(dia, '2023-01-01', '2024-09-30') ? [0n] : [],
        1165,
        'con IVA al 0 % el recargo 0 solo vale de 2023 a septiembre de 2024',
      );
    default:
      return { ok: false, codigo: 1127, texto: 'el tipo de recargo no está entre los permitidos' };
  }
}

function detalle(add: Add, r: RegistroAlta, d: DetalleDesglose, i: number, dia: string): void {
  const c = `Desglose/DetalleDesglose[${i + 1}]`;
  const impuesto = d.Impuesto ?? '01';
  if (!['01', '02', '03', '05'].includes(impuesto)) add(`${c}/Impuesto`, 'El impuesto no es válido', 1218);
  if (impuesto === '05' && d.ClaveRegimen) {
    add(`${c}/ClaveRegimen`, 'La clave de régimen solo se indica para IVA, IPSI o IGIC', 1260);
  }
  if (impuesto !== '05' && !d.ClaveRegimen) {
    add(`${c}/ClaveRegimen`, 'La clave de régimen es obligatoria', impuesto === '02' ? 2009 : 1245);
  }
  const calif = d.CalificacionOperacion;
  const exenta = d.OperacionExenta;
  if (!calif && !exenta)
    add(`${c}/CalificacionOperacion`, 'Indique la calificación de la operación o la causa de exención', 1195);
  if (calif && exenta) add(`${c}/OperacionExenta`, 'La calificación y la exención son excluyentes', 1196);

  const base = importe(add, `${c}/BaseImponibleOimporteNoSujeto`, d.BaseImponibleOimporteNoSujeto);
  const baseCoste = importe(add, `${c}/BaseImponibleACoste`, d.BaseImponibleACoste);
  const cuota = importe(add, `${c}/CuotaRepercutida`, d.CuotaRepercutida);
  const cuotaRe = importe(add, `${c}/CuotaRecargoEquivalencia`, d.CuotaRecargoEquivalencia);
  const t = tipo(add, `${c}/TipoImpositivo`, d.TipoImpositivo);
  const re = tipo(add, `${c}/TipoRecargoEquivalencia`, d.TipoRecargoEquivalencia);
  const ivaOIgic = impuesto === '01' || impuesto === '03';
  const clave = d.ClaveRegimen;

  if (baseCoste !== null && clave !== '06' && impuesto !== '02' && impuesto !== '05') {
    add(`${c}/BaseImponibleACoste`, 'La base a coste solo se admite con la clave 06 o con IPSI u otros', 1257);
  }
  if (ivaOIgic) {
    if (clave === '02' && !exenta) add(`${c}/OperacionExenta`, 'Una exportación (clave 02) debe ser exenta', 1286);
    if (clave === '01' && (exenta === 'E2' || exenta === 'E3')) {
      add(`${c}/OperacionExenta`, 'Con régimen general no se admiten las exenciones E2 y E3', 1199);
    }
  }
  if (clave === '03' && calif && calif !== 'S1')
    add(`${c}/CalificacionOperacion`, 'Con REBU la calificación es S1', 1200);
  if (clave === '04' && calif && calif !== 'S2') {
    add(`${c}/CalificacionOperacion`, 'Con oro de inversión la operación es S2 o exenta', 1201);
  }
  if (clave === '06' && (['F2', 'F3', 'R5'].includes(r.TipoFactura) || baseCoste === null)) {
    add(
      `${c}/BaseImponibleACoste`,
      'Con la clave 06 la factura no puede ser F2, F3 ni R5 y la base a coste es obligatoria',
      1202,
    );
  }
  if (clave === '07' && ((exenta && ['E2', 'E3', 'E4', 'E5'].includes(exenta)) || (calif && calif !== 'S1'))) {
    add(`${c}/ClaveRegimen`, 'Con criterio de caja no se admiten E2–E5 ni S2, N1, N2', 1203);
  }
  if (clave === '08' && calif !== 'N2')
    add(`${c}/CalificacionOperacion`, 'Con la clave 08 la operación debe ser N2', 1252);
  if (
    clave === '10' &&
    (calif !== 'N1' || r.TipoFactura !== 'F1' || !r.Destinatarios?.length || r.Destinatarios.some((p) => !p.NIF))
  ) {
    add(`${c}/ClaveRegimen`, 'Con la clave 10 la operación es N1, la factura F1 y los clientes con NIF', 1205);
  }
  if (clave === '11' && t !== null && t !== 2100n)
    add(`${c}/TipoImpositivo`, 'Con la clave 11 el tipo es el 21 %', 1206);
  if (clave === '14') {
    if (!['F1', 'R1', 'R2', 'R3', 'R4'].includes(r.TipoFactura)) {
      add('TipoFactura', 'Con la clave 14 la factura debe ser F1, R1, R2, R3 o R4', 1148);
    }
    const op = r.FechaOperacion ? fechaIso(r.FechaOperacion) : null;
    const exp = fechaIso(r.IDFactura.FechaExpedicionFactura);
    if (!op || (exp && op <= exp)) {
      add(
        'FechaOperacion',
        'Con la clave 14 la fecha de operación es obligatoria y posterior a la de expedición',
        1147,
      );
    }
  }

  const tieneTipoCuota = t !== null || cuota !== null || re !== null || cuotaRe !== null;
  if (exenta && tieneTipoCuota) {
    add(`${c}/TipoImpositivo`, 'Una operación exenta no lleva tipo, cuota ni recargo', 1238);
  }
  if ((calif === 'N1' || calif === 'N2') && impuesto === '01' && tieneTipoCuota) {
    add(`${c}/TipoImpositivo`, 'Una operación no sujeta de IVA no lleva tipo, cuota ni recargo', 1237);
  }
  if (calif === 'S2') {
    if (!['F1', 'F3', 'R1', 'R2', 'R3', 'R4'].includes(r.TipoFactura)) {
      add('TipoFactura', 'La inversión del sujeto pasivo (S2) solo se admite en F1, F3 y R1–R4', 1197);
    }
    if ((t !== null && t !== 0n) || (cuota !== null && cuota !== 0n)) {
      add(`${c}/TipoImpositivo`, 'Con inversión del sujeto pasivo el tipo y la cuota son 0', 1198);
    }
  }
  if (calif !== 'S1' && cuota !== null && cuota !== 0n && calif !== 'S2') {
    add(`${c}/CuotaRepercutida`, 'Solo las operaciones S1 llevan cuota distinta de 0', 1207);
  }
  if ((re !== null || cuotaRe !== null) && calif !== 'S1') {
    add(`${c}/TipoRecargoEquivalencia`, 'El recargo de equivalencia solo se admite en operaciones S1', 1281);
  }
  if ((re === null) !== (cuotaRe === null)) {
    add(`${c}/CuotaRecargoEquivalencia`, 'El tipo y la cuota del recargo de equivalencia van juntos', 1284);
  }

  if (calif === 'S1') {
    if (baseCoste === null && (t === null || cuota === null)) {
      add(`${c}/TipoImpositivo`, 'Una operación S1 necesita tipo impositivo y cuota', 1208);
    }
    if (impuesto === '01' && t !== null) {
      const codigo = tipoIvaPermitido(t, dia);
      if (codigo)
        add(`${c}/TipoImpositivo`, `El tipo de IVA ${d.TipoImpositivo} % no está permitido en esa fecha`, codigo);
      if (re !== null) {
        const par = recargoPermitido(t, re, dia);
        if (!par.ok)
          add(`${c}/TipoRecargoEquivalencia`, `Recargo de equivalencia no admitido: ${par.texto}`, par.codigo);
      }
    }
    const baseCalculo = baseCoste ?? base;
    if (t !== null && cuota !== null && baseCalculo !== null) {
      const esperada = redondeo(baseCalculo * t, 10000n);
      const diff = abs(esperada - cuota);
      if (diff > TOLERANCIA) {
        add(`${c}/CuotaRepercutida`, 'La cuota no corresponde a la base por el tipo', baseCoste !== null ? 1144 : 1142);
      } else if (diff !== 0n) {
        add(`${c}/CuotaRepercutida`, 'La cuota difiere del redondeo de la base por el tipo', undefined, 'aviso');
      }
      const excepcion = r.TipoRectificativa === 'I' || r.TipoFactura === 'R2' || r.TipoFactura === 'R3';
      if (!excepcion && cuota !== 0n && baseCalculo !== 0n && cuota < 0n !== baseCalculo < 0n) {
        add(`${c}/CuotaRepercutida`, 'La cuota y la base deben tener el mismo signo', baseCoste !== null ? 1140 : 1143);
      }
    }
    if (re !== null && cuotaRe !== null && base !== null) {
      const esperada = redondeo(base * re, 10000n);
      if (abs(esperada - cuotaRe) > TOLERANCIA) {
        add(
          `${c}/CuotaRecargoEquivalencia`,
          'La cuota de recargo no corresponde a la base por el tipo de recargo',
          undefined,
        );
      } else if (esperada !== cuotaRe) {
        add(
          `${c}/CuotaRecargoEquivalencia`,
          'La cuota de recargo difiere del redondeo de la base por el tipo',
          undefined,
          'aviso',
        );
      }
    }
  }
}

/** Integer division rounding half away from zero. */
function redondeo(n: bigint, d: bigint): bigint {
  const q = n / d;
  const rest = n % d;
  if (abs(rest) * 2n >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

function idFactura(add: Add, id: IDFactura, prefijo: string, hoy?: string): void {
  nif(add, `${prefijo}/IDEmisorFactura`, id.IDEmisorFactura);
  numSerie(add, `${prefijo}/NumSerieFactura`, id.NumSerieFactura);
  const iso = fecha(add, `${prefijo}/FechaExpedicionFactura`, id.FechaExpedicionFactura, 1105);
  if (iso && iso < FECHA_MINIMA) {
    add(`${prefijo}/FechaExpedicionFactura`, 'La AEAT no admite facturas anteriores al 28-10-2024', 1152);
  }
  if (iso && hoy && iso > hoy)
    add(`${prefijo}/FechaExpedicionFactura`, 'La fecha de expedición es posterior a hoy', 1112);
}

function colector(): { incidencias: IncidenciaRegistro[]; add: Add } {
  const incidencias: IncidenciaRegistro[] = [];
  const add: Add = (Campo, Mensaje, Codigo, Gravedad = 'error') => {
    incidencias.push(Codigo === undefined ? { Campo, Mensaje, Gravedad } : { Campo, Mensaje, Codigo, Gravedad });
  };
  return { incidencias, add };
}

/** Validates a registro de alta. */
export function validarRegistroAlta(r: RegistroAlta, opciones: OpcionesValidacion = {}): IncidenciaRegistro[] {
  const { incidencias, add } = colector();
  const emisor = r.IDFactura.IDEmisorFactura;
  if (r.IDVersion !== '1.0') add('IDVersion', 'La versión debe ser 1.0', 1251);
  idFactura(add, r.IDFactura, 'IDFactura', opciones.hoy);
  if (opciones.NIFObligado && opciones.NIFObligado !== emisor) {
    add('IDFactura/IDEmisorFactura', 'El NIF del emisor debe ser el de la empresa que envía (ObligadoEmision)', 1108);
  }
  texto(add, 'RefExterna', r.RefExterna, 60, false);
  texto(add, 'NombreRazonEmisor', r.NombreRazonEmisor, 120);
  texto(add, 'DescripcionOperacion', r.DescripcionOperacion, 500);
  texto(add, 'NumRegistroAcuerdoFacturacion', r.NumRegistroAcuerdoFacturacion, 15, false);
  texto(add, 'IdAcuerdoSistemaInformatico', r.IdAcuerdoSistemaInformatico, 16, false);

  if (r.RechazoPrevio === 'X' && r.Subsanacion !== 'S') {
    add('RechazoPrevio', 'RechazoPrevio=X solo se admite con Subsanacion=S', 1153);
  }
  if (r.RechazoPrevio === 'S' && r.Subsanacion !== 'S') {
    add('RechazoPrevio', 'RechazoPrevio=S requiere Subsanacion=S', 1161);
  }

  const tf = r.TipoFactura;
  if (!['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'].includes(tf)) {
    add('TipoFactura', 'El tipo de factura no es válido', 1106);
  }
  const rect = esRectificativa(tf);
  if (rect && !r.TipoRectificativa) {
    add('TipoRectificativa', 'Una rectificativa debe indicar si es por sustitución (S) o por diferencias (I)', 1114);
  }
  if (!rect && r.TipoRectificativa)
    add('TipoRectificativa', 'Solo las rectificativas llevan tipo de rectificativa', 1115);
  if (r.FacturasRectificadas?.length) {
    if (!rect) add('FacturasRectificadas', 'Solo las rectificativas indican facturas rectificadas', 1117);
    if (r.FacturasRectificadas.length > 1000) add('FacturasRectificadas', 'Como máximo 1.000 facturas rectificadas');
    r.FacturasRectificadas.forEach((f, i) => {
      idFactura(add, f, `FacturasRectificadas/IDFacturaRectificada[${i + 1}]`);
    });
  }
  if (r.FacturasSustituidas?.length) {
    if (tf !== 'F3') add('FacturasSustituidas', 'Solo las facturas F3 indican facturas sustituidas', 1116);
    if (r.FacturasSustituidas.length > 1000) add('FacturasSustituidas', 'Como máximo 1.000 facturas sustituidas');
    r.FacturasSustituidas.forEach((f, i) => {
      idFactura(add, f, `FacturasSustituidas/IDFacturaSustituida[${i + 1}]`);
    });
  }
  if (r.TipoRectificativa === 'S' && !r.ImporteRectificacion) {
    add('ImporteRectificacion', 'Una rectificativa por sustitución debe indicar la base y la cuota rectificadas', 1118);
  }
  if (r.TipoRectificativa !== 'S' && r.ImporteRectificacion) {
    add('ImporteRectificacion', 'El importe de rectificación solo se indica en rectificativas por sustitución', 1119);
  }
  if (r.ImporteRectificacion) {
    importe(add, 'ImporteRectificacion/BaseRectificada', r.ImporteRectificacion.BaseRectificada);
    importe(add, 'ImporteRectificacion/CuotaRectificada', r.ImporteRectificacion.CuotaRectificada);
    importe(add, 'ImporteRectificacion/CuotaRecargoRectificado', r.ImporteRectificacion.CuotaRecargoRectificado);
  }

  const expedicion = fechaIso(r.IDFactura.FechaExpedicionFactura);
  let operacion: string | null = null;
  if (r.FechaOperacion !== undefined) {
    operacion = fecha(add, 'FechaOperacion', r.FechaOperacion, 1145);
    const claves1415 = r.Desglose.every((d) => d.ClaveRegimen === '14' || d.ClaveRegimen === '15');
    if (operacion && expedicion && operacion > expedicion && !claves1415) {
      add(
        'FechaOperacion',
        'La fecha de operación solo puede ser posterior a la de expedición con las claves 14 o 15',
        1146,
      );
    }
  }
  const dia = operacion ?? expedicion ?? '';

  if (r.FacturaSimplificadaArt7273 === 'S' && !['F1', 'F3', 'R1', 'R2', 'R3', 'R4'].includes(tf)) {
    add('FacturaSimplificadaArt7273', 'Solo se admite S en facturas F1, F3 y R1–R4', 1183);
  }
  if (r.FacturaSinIdentifDestinatarioArt61d === 'S' && tf !== 'F2' && tf !== 'R5') {
    add('FacturaSinIdentifDestinatarioArt61d', 'Solo se admite S en facturas F2 y R5', 1185);
  }

  if (r.EmitidaPorTerceroODestinatario === 'T' && !r.Tercero) {
    add('Tercero', 'Identifique al tercero que emite la factura', 1186);
  }
  if (r.Tercero) {
    if (r.EmitidaPorTerceroODestinatario !== 'T') {
      add(
        'Tercero',
        'El tercero solo se indica si la factura la emite un tercero (EmitidaPorTerceroODestinatario=T)',
        1187,
      );
    }
    persona(add, 'Tercero', r.Tercero);
    if (r.Tercero.NIF && r.Tercero.NIF === emisor)
      add('Tercero/NIF', 'El NIF del tercero debe ser distinto del emisor', 1188);
    if (r.Tercero.IDOtro?.IDType === '07')
      add('Tercero/IDOtro/IDType', 'El tercero no puede ser no censado (07)', 1211);
  }

  const destinatarios = r.Destinatarios ?? [];
  if (CON_DESTINATARIO.includes(tf) && destinatarios.length === 0) {
    add('Destinatarios', `Las facturas ${tf} deben identificar al destinatario`, 1189);
  }
  if (SIN_DESTINATARIO.includes(tf) && destinatarios.length > 0) {
    add('Destinatarios', `Las facturas ${tf} no identifican al destinatario`, 1190);
  }
  if (destinatarios.length > 1000) add('Destinatarios', 'Como máximo 1.000 destinatarios');
  destinatarios.forEach((p, i) => {
    const c = `Destinatarios/IDDestinatario[${i + 1}]`;
    persona(add, c, p, emisor);
    const idType = p.IDOtro?.IDType;
    if (tf === 'R3' && idType && idType !== '07') add(c, 'En una R3 el destinatario es NIF o no censado (07)', 1191);
    if (tf === 'R2' && idType && idType !== '07' && idType !== '02') {
      add(c, 'En una R2 el destinatario es NIF, NIF-IVA (02) o no censado (07)', 1192);
    }
  });
  if (r.Cupon === 'S' && tf !== 'R1' && tf !== 'R5') add('Cupon', 'Cupón=S solo se admite en R1 o R5', 1157);

  if (r.Desglose.length === 0) add('Desglose', 'El desglose necesita al menos una línea');
  if (r.Desglose.length > 12) add('Desglose', 'El desglose admite como máximo 12 líneas');
  r.Desglose.forEach((d, i) => {
    detalle(add, r, d, i, dia);
  });
  if (r.Desglose.some((d) => d.OperacionExenta === 'E5' && (d.Impuesto ?? '01') === '01')) {
    if (destinatarios.some((p) => !p.IDOtro)) {
      add('Destinatarios', 'Con la exención E5 el destinatario se identifica con IDOtro', 1289);
    }
  }

  const cuotaTotal = importe(add, 'CuotaTotal', r.CuotaTotal);
  const importeTotal = importe(add, 'ImporteTotal', r.ImporteTotal);
  const desgloseValido = r.Desglose.every(
    (d) =>
      IMPORTE_12_2.test(d.BaseImponibleOimporteNoSujeto) &&
      [d.CuotaRepercutida, d.CuotaRecargoEquivalencia].every((v) => v === undefined || IMPORTE_12_2.test(v)),
  );
  if (desgloseValido) {
    const cuotas = sumaCuotas(r.Desglose);
    if (cuotaTotal !== null) {
      const diff = abs(cuotaTotal - cuotas);
      if (diff > TOLERANCIA)
        add('CuotaTotal', 'La cuota total no coincide con la suma de cuotas y recargos del desglose', 2006);
      else if (diff !== 0n) add('CuotaTotal', 'La cuota total difiere de la suma del desglose', undefined, 'aviso');
    }
    const sinComprobar = r.Desglose.some(
      (d) => d.ClaveRegimen && ['03', '05', '06', '08', '09'].includes(d.ClaveRegimen),
    );
    if (importeTotal !== null && !sinComprobar) {
      const diff = abs(importeTotal - sumaImportes(r.Desglose));
      if (diff > TOLERANCIA)
        add('ImporteTotal', 'El importe total no coincide con bases, cuotas y recargos del desglose', 2005);
      else if (diff !== 0n) add('ImporteTotal', 'El importe total difiere de la suma del desglose', undefined, 'aviso');
    }
    if (tf === 'F2' && !r.NumRegistroAcuerdoFacturacion && r.FacturaSinIdentifDestinatarioArt61d !== 'S') {
      const baseMasCuota = r.Desglose.reduce(
        (acc, d) =>
          acc +
          aCentesimas(d.BaseImponibleOimporteNoSujeto) +
          (d.CuotaRepercutida ? aCentesimas(d.CuotaRepercutida) : 0n),
        0n,
      );
      if (baseMasCuota > 300_000n + TOLERANCIA) {
        add('Desglose', 'Una factura simplificada (F2) no puede superar 3.000 € de base más cuota', 1150);
      }
    }
  }
  if (importeTotal !== null) {
    const grande = abs(importeTotal) >= 100_000_000_00n;
    if (grande && r.Macrodato !== 'S')
      add('Macrodato', 'Con importe total de 100.000.000 € o más, Macrodato debe ser S', 1139);
    if (!grande && r.Macrodato === 'S')
      add('Macrodato', 'Macrodato=S solo con importe total de 100.000.000 € o más', 1138);
  }

  cadenaYHuella(add, r);
  return incidencias;
}

/** Validates a registro de anulación. */
export function validarRegistroAnulacion(
  r: RegistroAnulacion,
  opciones: OpcionesValidacion = {},
): IncidenciaRegistro[] {
  const { incidencias, add } = colector();
  if (r.IDVersion !== '1.0') add('IDVersion', 'La versión debe ser 1.0', 1251);
  const id = r.IDFactura;
  nif(add, 'IDFactura/IDEmisorFacturaAnulada', id.IDEmisorFacturaAnulada);
  numSerie(add, 'IDFactura/NumSerieFacturaAnulada', id.NumSerieFacturaAnulada);
  const iso = fecha(add, 'IDFactura/FechaExpedicionFacturaAnulada', id.FechaExpedicionFacturaAnulada, 1105);
  if (iso && iso < FECHA_MINIMA) {
    add('IDFactura/FechaExpedicionFacturaAnulada', 'La AEAT no admite facturas anteriores al 28-10-2024', 1152);
  }
  if (opciones.NIFObligado && opciones.NIFObligado !== id.IDEmisorFacturaAnulada) {
    add(
      'IDFactura/IDEmisorFacturaAnulada',
      'El NIF del emisor debe ser el de la empresa que envía (ObligadoEmision)',
      1108,
    );
  }
  texto(add, 'RefExterna', r.RefExterna, 60, false);
  if ((r.GeneradoPor === undefined) !== (r.Generador === undefined)) {
    add('GeneradoPor', 'GeneradoPor y Generador se indican juntos', 1224);
  }
  if (r.Generador) {
    persona(add, 'Generador', r.Generador);
    if (r.GeneradoPor === 'E' && !r.Generador.NIF) add('Generador/NIF', 'Si lo genera el emisor, indique su NIF', 1227);
  }
  cadenaYHuella(add, r);
  return incidencias;
}

export function validarRegistro(r: RegistroFacturacion, opciones: OpcionesValidacion = {}): IncidenciaRegistro[] {
  return r.TipoOperacion === 'Alta' ? validarRegistroAlta(r, opciones) : validarRegistroAnulacion(r, opciones);
}

/** Only the blocking findings. */
export const errores = (incidencias: IncidenciaRegistro[]) => incidencias.filter((i) => i.Gravedad === 'error');
