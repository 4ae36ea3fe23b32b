import { el, tx } from './xml.ts';

/**
 * Bizkaia's LROE (Batuz) messages: model 240 (companies) / 140 (individuals), chapter 1.1 issued invoices with
 * "software garante" (each signed TicketBAI file in base64) and its cancellations, and the N3 headers of the
 * "aurkezpena" service (compliance-es.md §2). Schemas in `shared/schemas/lroe/`.
 */
export type ModeloLroe = '240' | '140';
const NS = 'https://www.batuz.eus/fitxategiak/batuz/LROE/esquemas/';

const RAIZ = {
  altaEmitidas: {
    '240': [
      'LROEPJ240FacturasEmitidasConSGAltaPeticion',
      'LROE_PJ_240_1_1_FacturasEmitidas_ConSG_AltaPeticion_V1_0_2.xsd',
    ],
    '140': [
      'LROEPF140IngresosConFacturaConSGAltaPeticion',
      'LROE_PF_140_1_1_Ingresos_ConfacturaConSG_AltaPeticion_V1_0_2.xsd',
    ],
  },
  anulacionEmitidas: {
    '240': [
      'LROEPJ240FacturasEmitidasConSGAnulacionPeticion',
      'LROE_PJ_240_1_1_FacturasEmitidas_ConSG_AnulacionPeticion_V1_0_0.xsd',
    ],
    '140': [
      'LROEPF140IngresosConFacturaConSGAnulacionPeticion',
      'LROE_PF_140_1_1_Ingresos_ConfacturaConSG_AnulacionPeticion_V1_0_0.xsd',
    ],
  },
} as const;

export interface CabeceraLroe {
  modelo: ModeloLroe;
  /** Model 140: the activity's IAE epígrafe (up to 7 digits). */
  epigrafe?: string;
  ejercicio: string;
  nif: string;
  nombre: string;
}

function cabecera(c: CabeceraLroe, operacion: 'A00' | 'AN0'): string {
  return el(
    'Cabecera',
    tx('Modelo', c.modelo),
    tx('Capitulo', '1'),
    tx('Subcapitulo', '1.1'),
    tx('Operacion', operacion),
    tx('Version', '1.0'),
    tx('Ejercicio', c.ejercicio),
    el('ObligadoTributario', tx('NIF', c.nif), tx('ApellidosNombreRazonSocial', c.nombre.slice(0, 120))),
  );
}

/** The LROE petition carrying signed TicketBAI files (altas: `TicketBai`; cancellations: `AnulacionTicketBai`). */
export function peticionLroeEmitidas(c: CabeceraLroe, clase: 'alta' | 'anulacion', ficheros: string[]): string {
  const [raiz, fichero] = (clase === 'alta' ? RAIZ.altaEmitidas : RAIZ.anulacionEmitidas)[c.modelo];
  const b64 = (x: string) => Buffer.from(x, 'utf8').toString('base64');
  const pj = c.modelo === '240';
  const [lista, item] = pj ? ['FacturasEmitidas', 'FacturaEmitida'] : ['Ingresos', 'Ingreso'];
  const renta = pj ? null : el('Renta', el('DetalleRenta', tx('Epigrafe', c.epigrafe || '1')));
  const cuerpo =
    clase === 'alta'
      ? el(lista, ...ficheros.map((f) => el(item, tx('TicketBai', b64(f)), renta)))
      : el(lista, ...ficheros.map((f) => el(item, tx('AnulacionTicketBai', b64(f)))));
  return `<?xml version="1.0" encoding="UTF-8"?><lroe:${raiz} xmlns:lroe="${NS}${fichero}">${cabecera(
    c,
    clase === 'alta' ? 'A00' : 'AN0',
  )}${cuerpo}</lroe:${raiz}>`;
}

/** N3 headers (eus-bizkaia-n3-*) of a LROE petition. */
export function cabecerasN3(c: CabeceraLroe, apartado: '1.1' | '2'): Record<string, string> {
  return {
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'gzip',
    'eus-bizkaia-n3-version': '1.0',
    'eus-bizkaia-n3-content-type': 'application/xml',
    'eus-bizkaia-n3-data': JSON.stringify({
      con: 'LROE',
      apa: apartado,
      inte: { nif: c.nif, nrs: c.nombre },
      drs: { mode: c.modelo, ejer: c.ejercicio },
    }),
  };
}
