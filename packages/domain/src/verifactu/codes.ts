/**
 * VeriFactu code lists (AEAT record design, sheet "Listas", and SuministroInformacion.xsd V1.0), with Spanish labels
 * for screens. Each `…_CODES` tuple is the closed set the XSD accepts.
 */

import { enumOptions } from '../fields/enumOptions.ts';

export const TIPOS_FACTURA = enumOptions({
  F1: 'Factura (art. 6, 7.2 y 7.3 del RD 1619/2012)',
  F2: 'Factura simplificada y sin identificación del destinatario (art. 6.1.d)',
  F3: 'Factura emitida en sustitución de facturas simplificadas facturadas y declaradas',
  R1: 'Rectificativa (error fundado en derecho y art. 80 Uno, Dos y Seis LIVA)',
  R2: 'Rectificativa (art. 80.3 LIVA, concurso)',
  R3: 'Rectificativa (art. 80.4 LIVA, créditos incobrables)',
  R4: 'Rectificativa (resto)',
  R5: 'Rectificativa de facturas simplificadas',
});
export type TipoFactura = (typeof TIPOS_FACTURA)[number]['value'];

export const TIPOS_RECTIFICATIVA = enumOptions({ S: 'Por sustitución', I: 'Por diferencias' });
export type TipoRectificativa = (typeof TIPOS_RECTIFICATIVA)[number]['value'];

export const IMPUESTOS_VF = enumOptions({
  '01': 'IVA',
  '02': 'IPSI (Ceuta y Melilla)',
  '03': 'IGIC (Canarias)',
  '05': 'Otros',
});
export type ImpuestoVF = (typeof IMPUESTOS_VF)[number]['value'];

/** ClaveRegimen, IVA wording (L8A); IGIC (L8B) shares the codes with its own meaning for 17–21. */
export const CLAVES_REGIMEN = [
  { value: '01', label: 'Operación de régimen general' },
  { value: '02', label: 'Exportación' },
  { value: '03', label: 'Régimen especial de bienes usados, objetos de arte, antigüedades y colección (REBU)' },
  { value: '04', label: 'Régimen especial del oro de inversión' },
  { value: '05', label: 'Régimen especial de las agencias de viajes' },
  { value: '06', label: 'Régimen especial grupo de entidades en IVA (nivel avanzado)' },
  { value: '07', label: 'Régimen especial del criterio de caja' },
  { value: '08', label: 'Operaciones sujetas al IPSI / IGIC' },
  { value: '09', label: 'Agencias de viaje mediadoras (DA 4ª RD 1619/2012)' },
  { value: '10', label: 'Cobros por cuenta de terceros' },
  { value: '11', label: 'Arrendamiento de local de negocio' },
  { value: '14', label: 'IVA pendiente de devengo en certificaciones de obra a Administraciones Públicas' },
  { value: '15', label: 'IVA pendiente de devengo en operaciones de tracto sucesivo' },
  { value: '17', label: 'Régimen OSS / IOSS (IGIC: comerciante minorista)' },
  { value: '18', label: 'Recargo de equivalencia (IGIC: pequeño empresario)' },
  { value: '19', label: 'Régimen especial de agricultura, ganadería y pesca (IGIC: operaciones interiores exentas)' },
  { value: '20', label: 'Régimen simplificado (IGIC: operaciones sujetas al IPSI)' },
  { value: '21', label: 'IGIC: régimen simplificado' },
] as const;
export type ClaveRegimen = (typeof CLAVES_REGIMEN)[number]['value'];

export const CALIFICACIONES_OPERACION = enumOptions({
  S1: 'Sujeta y no exenta, sin inversión del sujeto pasivo',
  S2: 'Sujeta y no exenta, con inversión del sujeto pasivo',
  N1: 'No sujeta (art. 7, 14 y otros)',
  N2: 'No sujeta por reglas de localización',
});
export type CalificacionOperacion = (typeof CALIFICACIONES_OPERACION)[number]['value'];

export const OPERACIONES_EXENTAS = enumOptions({
  E1: 'Exenta por el artículo 20',
  E2: 'Exenta por el artículo 21 (exportaciones)',
  E3: 'Exenta por el artículo 22',
  E4: 'Exenta por los artículos 23 y 24',
  E5: 'Exenta por el artículo 25 (entregas intracomunitarias)',
  E6: 'Exenta por otros',
  E7: 'IGIC: exenta (E7)',
  E8: 'IGIC: exenta (E8)',
});
export type OperacionExenta = (typeof OPERACIONES_EXENTAS)[number]['value'];

export const ID_TYPES = enumOptions({
  '02': 'NIF-IVA',
  '03': 'Pasaporte',
  '04': 'Documento oficial de identificación expedido por el país de residencia',
  '05': 'Certificado de residencia',
  '06': 'Otro documento probatorio',
  '07': 'No censado',
});
export type IDType = (typeof ID_TYPES)[number]['value'];

export type SiNo = 'S' | 'N';
/** RechazoPrevio of an alta (L17): X only together with Subsanacion=S. */
export type RechazoPrevioAlta = 'N' | 'S' | 'X';
export type GeneradoPor = 'E' | 'D' | 'T';
export type TerceroODestinatario = 'D' | 'T';

export const TIPOS_EVENTO = [
  { value: '01', label: 'Inicio del funcionamiento exclusivamente como NO VERI*FACTU' },
  { value: '02', label: 'Fin del funcionamiento exclusivamente como NO VERI*FACTU' },
  { value: '03', label: 'Lanzamiento del proceso de detección de anomalías en los registros de facturación' },
  { value: '04', label: 'Detección de anomalías en la integridad de los registros de facturación' },
  { value: '05', label: 'Lanzamiento del proceso de detección de anomalías en los registros de evento' },
  { value: '06', label: 'Detección de anomalías en la integridad de los registros de evento' },
  { value: '07', label: 'Restauración de copia de seguridad' },
  { value: '08', label: 'Exportación de registros de facturación' },
  { value: '09', label: 'Exportación de registros de evento' },
  { value: '10', label: 'Registro resumen de eventos' },
  { value: '90', label: 'Otros' },
] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number]['value'];

export const RECTIFICATIVAS: readonly TipoFactura[] = ['R1', 'R2', 'R3', 'R4', 'R5'];
export const esRectificativa = (tipo: TipoFactura) => tipo.startsWith('R');

/** Country codes the XSD accepts in IDOtro/CodigoPais (ISO 3166-1 alpha-2 plus the AEAT's extra codes). */
export const CODIGOS_PAIS = (
  'AF AL DE AD AO AI AQ AG SA DZ AR AM AW AU AT AZ BS BH BD BB BE BZ BJ BM BY BO BA BW BV BR BN BG BF BI BT CV KY KH ' +
  'CM CA CF CC CO KM CG CD CK KP KR CI CR HR CU TD CZ CL CN CY CW DK DM DO EC EG AE ER SK SI ES US EE ET FO PH FI FJ ' +
  'FR GA GM GE GS GH GI GD GR GL GU GT GG GN GQ GW GY HT HM HN HK HU IN ID IR IQ IE IM IS IL IT JM JP JE JO KZ KE KG ' +
  'KI KW LA LS LV LB LR LY LI LT LU XG MO MK MG MY MW MV ML MT FK MP MA MH MU MR YT UM MX FM MD MC MN ME MS MZ MM NA ' +
  'NR CX NP NI NE NG NU NF NO NC NZ IO OM NL BQ PK PW PA PG PY PE PN PF PL PT PR QA GB RW RO RU SB SV WS AS KN SM SX ' +
  'PM VC SH LC ST SN RS SC SL SG SY SO LK SZ ZA SD SS SE CH SR TH TW TZ TJ PS TF TL TG TK TO TT TN TC TM TR TV UA UG ' +
  'UY UZ VU VA VE VN VG VI WF YE DJ ZM ZW QU XB XU XN'
).split(' ');
