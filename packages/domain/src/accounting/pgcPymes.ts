/**
 * The Plan General de Contabilidad PYMES (RD 1515/2007) as the ledger needs it: the chart seeded per company (groups
 * 1–7 with their subgroups and the accounts Faro posts to or an adviser expects) and the two annual-accounts models
 * (pérdidas y ganancias, balance de situación) as declared lines with their accounts. An account belongs to the line
 * with the longest matching prefix of its model, so `4751` lands in «Otros acreedores» even though `47` is wider.
 */

/** Groups (1 digit), subgroups (2) and accounts (3–4) of the PGC PYMES chart seeded on first use. */
export const PLAN_PYMES: readonly (readonly [string, string])[] = [
  ['1', 'Financiación básica'],
  ['10', 'Capital'],
  ['100', 'Capital social'],
  ['102', 'Capital'],
  ['11', 'Reservas y otros instrumentos de patrimonio'],
  ['112', 'Reserva legal'],
  ['113', 'Reservas voluntarias'],
  ['12', 'Resultados pendientes de aplicación'],
  ['120', 'Remanente'],
  ['121', 'Resultados negativos de ejercicios anteriores'],
  ['129', 'Resultado del ejercicio'],
  ['13', 'Subvenciones, donaciones y ajustes por cambio de valor'],
  ['17', 'Deudas a largo plazo por préstamos recibidos y otros conceptos'],
  ['170', 'Deudas a largo plazo con entidades de crédito'],
  ['2', 'Activo no corriente'],
  ['20', 'Inmovilizaciones intangibles'],
  ['206', 'Aplicaciones informáticas'],
  ['21', 'Inmovilizaciones materiales'],
  ['211', 'Construcciones'],
  ['213', 'Maquinaria'],
  ['216', 'Mobiliario'],
  ['217', 'Equipos para procesos de información'],
  ['218', 'Elementos de transporte'],
  ['28', 'Amortización acumulada del inmovilizado'],
  ['280', 'Amortización acumulada del inmovilizado intangible'],
  ['281', 'Amortización acumulada del inmovilizado material'],
  ['3', 'Existencias'],
  ['30', 'Comerciales'],
  ['300', 'Mercaderías'],
  ['4', 'Acreedores y deudores por operaciones comerciales'],
  ['40', 'Proveedores'],
  ['400', 'Proveedores'],
  ['41', 'Acreedores varios'],
  ['410', 'Acreedores por prestaciones de servicios'],
  ['43', 'Clientes'],
  ['430', 'Clientes'],
  ['438', 'Anticipos de clientes'],
  ['46', 'Personal'],
  ['465', 'Remuneraciones pendientes de pago'],
  ['47', 'Administraciones públicas'],
  ['470', 'Hacienda Pública, deudora por diversos conceptos'],
  ['472', 'Hacienda Pública, IVA soportado'],
  ['473', 'Hacienda Pública, retenciones y pagos a cuenta'],
  ['475', 'Hacienda Pública, acreedora por conceptos fiscales'],
  ['4750', 'Hacienda Pública, acreedora por IVA'],
  ['4751', 'Hacienda Pública, acreedora por retenciones practicadas'],
  ['476', 'Organismos de la Seguridad Social, acreedores'],
  ['477', 'Hacienda Pública, IVA repercutido'],
  ['5', 'Cuentas financieras'],
  ['52', 'Deudas a corto plazo por préstamos recibidos y otros conceptos'],
  ['520', 'Deudas a corto plazo con entidades de crédito'],
  ['57', 'Tesorería'],
  ['570', 'Caja, euros'],
  ['572', 'Bancos e instituciones de crédito c/c vista, euros'],
  ['6', 'Compras y gastos'],
  ['60', 'Compras'],
  ['600', 'Compras de mercaderías'],
  ['607', 'Trabajos realizados por otras empresas'],
  ['62', 'Servicios exteriores'],
  ['621', 'Arrendamientos y cánones'],
  ['622', 'Reparaciones y conservación'],
  ['623', 'Servicios de profesionales independientes'],
  ['625', 'Primas de seguros'],
  ['626', 'Servicios bancarios y similares'],
  ['627', 'Publicidad, propaganda y relaciones públicas'],
  ['628', 'Suministros'],
  ['629', 'Otros servicios'],
  ['63', 'Tributos'],
  ['631', 'Otros tributos'],
  ['64', 'Gastos de personal'],
  ['640', 'Sueldos y salarios'],
  ['642', 'Seguridad Social a cargo de la empresa'],
  ['66', 'Gastos financieros'],
  ['662', 'Intereses de deudas'],
  ['669', 'Otros gastos financieros'],
  ['67', 'Pérdidas procedentes de activos no corrientes y gastos excepcionales'],
  ['678', 'Gastos excepcionales'],
  ['68', 'Dotaciones para amortizaciones'],
  ['680', 'Amortización del inmovilizado intangible'],
  ['681', 'Amortización del inmovilizado material'],
  ['7', 'Ventas e ingresos'],
  ['70', 'Ventas de mercaderías, de producción propia, de servicios, etc.'],
  ['700', 'Ventas de mercaderías'],
  ['705', 'Prestaciones de servicios'],
  ['708', 'Devoluciones de ventas y operaciones similares'],
  ['709', 'Rappels sobre ventas'],
  ['75', 'Otros ingresos de gestión'],
  ['759', 'Ingresos por servicios diversos'],
  ['76', 'Ingresos financieros'],
  ['769', 'Otros ingresos financieros'],
  ['77', 'Beneficios procedentes de activos no corrientes e ingresos excepcionales'],
  ['778', 'Ingresos excepcionales'],
];

/** The level of a code of the chart: 1 digit a group, 2 a subgroup, 3–4 an account, the company's digits a subaccount. */
export function nivelCuenta(codigo: string, digitos: number): 'grupo' | 'subgrupo' | 'cuenta' | 'subcuenta' {
  if (codigo.length >= digitos) return 'subcuenta';
  return codigo.length === 1 ? 'grupo' : codigo.length === 2 ? 'subgrupo' : 'cuenta';
}

/**
 * One line of an annual-accounts model: `Cuentas` are prefixes whose balance it adds (a leading `-` only documents
 * a contra account: its natural balance already has the other sign), `Suma` the keys of the lines it totals.
 */
export interface LineaModelo {
  Clave: string;
  Texto: string;
  Nivel: number;
  Cuentas?: readonly string[];
  Suma?: readonly string[];
}

type FilaModelo = readonly [
  modelo: 'PYG' | 'ACTIVO' | 'PASIVO',
  Clave: string,
  Texto: string,
  Nivel: number,
  cuentas: string,
  suma: string,
];

const modelo = (cual: FilaModelo[0]): LineaModelo[] =>
  LINEAS_MODELOS.filter((f) => f[0] === cual).map(([, Clave, Texto, Nivel, cuentas, suma]) => ({
    Clave,
    Texto,
    Nivel,
    ...(cuentas ? { Cuentas: cuentas.split(' ') } : {}),
    ...(suma ? { Suma: suma.split(' ') } : {}),
  }));

/**
 * The annual-accounts models as one table, a row a line in each model's order: model, key, text, level, the account
 * prefixes it adds and the keys it totals ('' for none).
 */
// biome-ignore format: a table reads one row a line
const LINEAS_MODELOS: readonly FilaModelo[] = [
  ['PYG', '1', '1. Importe neto de la cifra de negocios', 2, '70', ''],
  ['PYG', '2', '2. Variación de existencias de productos terminados y en curso de fabricación', 2, '71 6930 7930', ''],
  ['PYG', '3', '3. Trabajos realizados por la empresa para su activo', 2, '73', ''],
  ['PYG', '4', '4. Aprovisionamientos', 2, '60 61 6931 6932 6933 7931 7932 7933', ''],
  ['PYG', '5', '5. Otros ingresos de explotación', 2, '74 75', ''],
  ['PYG', '6', '6. Gastos de personal', 2, '64 7950 7957', ''],
  ['PYG', '7', '7. Otros gastos de explotación', 2, '62 631 634 636 639 65 694 695 794 7954', ''],
  ['PYG', '8', '8. Amortización del inmovilizado', 2, '68', ''],
  ['PYG', '9', '9. Imputación de subvenciones de inmovilizado no financiero y otras', 2, '746', ''],
  ['PYG', '10', '10. Excesos de provisiones', 2, '7951 7952 7955 7956', ''],
  ['PYG', '11', '11. Deterioro y resultado por enajenaciones del inmovilizado', 2, '670 671 672 690 691 692 770 771 772 790 791 792', ''],
  ['PYG', '12', '12. Otros resultados', 2, '678 778', ''],
  ['PYG', 'A', 'A) RESULTADO DE EXPLOTACIÓN', 1, '', '1 2 3 4 5 6 7 8 9 10 11 12'],
  ['PYG', '13', '13. Ingresos financieros', 2, '760 761 762 767 769', ''],
  ['PYG', '14', '14. Gastos financieros', 2, '66', ''],
  ['PYG', '15', '15. Variación de valor razonable en instrumentos financieros', 2, '663 763', ''],
  ['PYG', '16', '16. Diferencias de cambio', 2, '668 768', ''],
  ['PYG', '17', '17. Deterioro y resultado por enajenaciones de instrumentos financieros', 2, '666 667 673 675 696 697 698 699 766 773 775 796 797 798 799', ''],
  ['PYG', 'B', 'B) RESULTADO FINANCIERO', 1, '', '13 14 15 16 17'],
  ['PYG', 'C', 'C) RESULTADO ANTES DE IMPUESTOS', 1, '', 'A B'],
  ['PYG', '18', '18. Impuestos sobre beneficios', 2, '630 633 638', ''],
  ['PYG', 'D', 'D) RESULTADO DEL EJERCICIO', 1, '', 'C 18'],
  ['ACTIVO', 'A.I', 'I. Inmovilizado intangible', 2, '20 280 290', ''],
  ['ACTIVO', 'A.II', 'II. Inmovilizado material', 2, '21 23 281 291', ''],
  ['ACTIVO', 'A.III', 'III. Inversiones inmobiliarias', 2, '22 282 292', ''],
  ['ACTIVO', 'A.IV', 'IV. Inversiones en empresas del grupo y asociadas a largo plazo', 2, '2403 2404 2413 2414 2423 2424 293', ''],
  ['ACTIVO', 'A.V', 'V. Inversiones financieras a largo plazo', 2, '24 25 26 297 298', ''],
  ['ACTIVO', 'A.VI', 'VI. Activos por impuesto diferido', 2, '474', ''],
  ['ACTIVO', 'A', 'A) ACTIVO NO CORRIENTE', 1, '', 'A.I A.II A.III A.IV A.V A.VI'],
  ['ACTIVO', 'B.I', 'I. Existencias', 2, '3 407', ''],
  ['ACTIVO', 'B.II.1', '1. Clientes por ventas y prestaciones de servicios', 3, '430 431 432 433 434 435 436 437 490 493', ''],
  ['ACTIVO', 'B.II.2', '2. Accionistas (socios) por desembolsos exigidos', 3, '5580', ''],
  ['ACTIVO', 'B.II.3', '3. Otros deudores', 3, '44 460 470 471 472 473 544', ''],
  ['ACTIVO', 'B.II', 'II. Deudores comerciales y otras cuentas a cobrar', 2, '', 'B.II.1 B.II.2 B.II.3'],
  ['ACTIVO', 'B.III', 'III. Inversiones en empresas del grupo y asociadas a corto plazo', 2, '5303 5304 5313 5314 5323 5324 5343 5344 5353 5354 5523 5524 593', ''],
  ['ACTIVO', 'B.IV', 'IV. Inversiones financieras a corto plazo', 2, '53 54 565 566 597 598', ''],
  ['ACTIVO', 'B.V', 'V. Periodificaciones a corto plazo', 2, '480 567', ''],
  ['ACTIVO', 'B.VI', 'VI. Efectivo y otros activos líquidos equivalentes', 2, '57', ''],
  ['ACTIVO', 'B', 'B) ACTIVO CORRIENTE', 1, '', 'B.I B.II B.III B.IV B.V B.VI'],
  ['ACTIVO', 'TA', 'TOTAL ACTIVO (A + B)', 0, '', 'A B'],
  ['PASIVO', 'PN.I', 'I. Capital', 3, '10', ''],
  ['PASIVO', 'PN.II', 'II. Prima de emisión', 3, '110', ''],
  ['PASIVO', 'PN.III', 'III. Reservas', 3, '11', ''],
  ['PASIVO', 'PN.IV', 'IV. (Acciones y participaciones en patrimonio propias)', 3, '108 109', ''],
  ['PASIVO', 'PN.V', 'V. Resultados de ejercicios anteriores', 3, '12', ''],
  ['PASIVO', 'PN.VI', 'VI. Otras aportaciones de socios', 3, '118', ''],
  ['PASIVO', 'PN.VII', 'VII. Resultado del ejercicio', 3, '129 6 7', ''],
  ['PASIVO', 'PN.VIII', 'VIII. (Dividendo a cuenta)', 3, '557', ''],
  ['PASIVO', 'A-1', 'A-1) Fondos propios', 2, '', 'PN.I PN.II PN.III PN.IV PN.V PN.VI PN.VII PN.VIII'],
  ['PASIVO', 'A-2', 'A-2) Subvenciones, donaciones y legados recibidos', 2, '13', ''],
  ['PASIVO', 'PN', 'A) PATRIMONIO NETO', 1, '', 'A-1 A-2'],
  ['PASIVO', 'PNC.I', 'I. Provisiones a largo plazo', 2, '14', ''],
  ['PASIVO', 'PNC.II', 'II. Deudas a largo plazo', 2, '15 16 17 18', ''],
  ['PASIVO', 'PNC.III', 'III. Deudas con empresas del grupo y asociadas a largo plazo', 2, '1603 1604 1613 1614 1623 1624 1633 1634', ''],
  ['PASIVO', 'PNC.IV', 'IV. Pasivos por impuesto diferido', 2, '479', ''],
  ['PASIVO', 'PNC.V', 'V. Periodificaciones a largo plazo', 2, '181', ''],
  ['PASIVO', 'PNC', 'B) PASIVO NO CORRIENTE', 1, '', 'PNC.I PNC.II PNC.III PNC.IV PNC.V'],
  ['PASIVO', 'PC.I', 'I. Provisiones a corto plazo', 2, '499 529', ''],
  ['PASIVO', 'PC.II', 'II. Deudas a corto plazo', 2, '19 50 51 52 55 56', ''],
  ['PASIVO', 'PC.III', 'III. Deudas con empresas del grupo y asociadas a corto plazo', 2, '5103 5104 5113 5114 5123 5124 5133 5134 5143 5144 5563 5564', ''],
  ['PASIVO', 'PC.IV.1', '1. Proveedores', 3, '40', ''],
  ['PASIVO', 'PC.IV.2', '2. Otros acreedores', 3, '41 438 465 466 475 476 477', ''],
  ['PASIVO', 'PC.IV', 'IV. Acreedores comerciales y otras cuentas a pagar', 2, '', 'PC.IV.1 PC.IV.2'],
  ['PASIVO', 'PC.V', 'V. Periodificaciones a corto plazo', 2, '485 568', ''],
  ['PASIVO', 'PC', 'C) PASIVO CORRIENTE', 1, '', 'PC.I PC.II PC.III PC.IV PC.V'],
  ['PASIVO', 'TP', 'TOTAL PATRIMONIO NETO Y PASIVO (A + B + C)', 0, '', 'PN PNC PC'],
];

/** Pérdidas y ganancias PYMES: each line is haber − debe of its accounts (income positive, expenses negative). */
export const MODELO_PYG: readonly LineaModelo[] = modelo('PYG');
/** Balance de situación PYMES, activo: each line is debe − haber (contra accounts subtract by their own balance). */
export const MODELO_ACTIVO: readonly LineaModelo[] = modelo('ACTIVO');
/**
 * Balance de situación PYMES, patrimonio neto y pasivo: each line is haber − debe. «Resultado del ejercicio» adds
 * the year's pérdidas y ganancias while the year is open (the regularisation moves it to 129 at the close).
 */
export const MODELO_PASIVO: readonly LineaModelo[] = modelo('PASIVO');
/** A balance of one account: its code and debe − haber in cents. */
export interface SaldoCuenta {
  Cuenta: string;
  Saldo: number;
}

export interface LineaInforme {
  Clave: string;
  Texto: string;
  Nivel: number;
  /** Cents, with the model's sign. */
  Importe: number;
  /** The accounts (as given) that make up the line, for the drill-down. */
  Cuentas: string[];
}

/** The line of `modelos` whose prefix is the longest match of `cuenta` (undefined: the models do not cover it). */
export function lineaDeCuenta(cuenta: string, modelos: readonly (readonly LineaModelo[])[]): string | undefined {
  let mejor: { clave: string; largo: number } | undefined;
  for (const modelo of modelos)
    for (const l of modelo)
      for (const p of l.Cuentas ?? [])
        if (cuenta.startsWith(p) && (!mejor || p.length > mejor.largo)) mejor = { clave: l.Clave, largo: p.length };
  return mejor?.clave;
}

/**
 * The lines of a model from account balances: `signo` 1 (debe − haber) or −1 (haber − debe); an account counts in
 * the line `lineaDeCuenta` picks over `todos` (the models that share the accounts). Totals add their lines.
 */
export function informeModelo(
  modelo: readonly LineaModelo[],
  saldos: readonly SaldoCuenta[],
  signo: 1 | -1,
  todos: readonly (readonly LineaModelo[])[] = [modelo],
): LineaInforme[] {
  const por = new Map<string, LineaInforme>();
  for (const l of modelo) por.set(l.Clave, { Clave: l.Clave, Texto: l.Texto, Nivel: l.Nivel, Importe: 0, Cuentas: [] });
  for (const s of saldos) {
    const clave = lineaDeCuenta(s.Cuenta, todos);
    const linea = clave === undefined ? undefined : por.get(clave);
    if (!linea) continue;
    linea.Importe += signo * s.Saldo;
    linea.Cuentas.push(s.Cuenta);
  }
  for (const l of modelo)
    if (l.Suma) {
      const total = por.get(l.Clave)!;
      for (const k of l.Suma) {
        const parte = por.get(k)!;
        total.Importe += parte.Importe;
        total.Cuentas.push(...parte.Cuentas);
      }
    }
  return modelo.map((l) => por.get(l.Clave)!);
}

/** Pérdidas y ganancias of the balances of groups 6 and 7. */
export function perdidasYGanancias(saldos: readonly SaldoCuenta[]): LineaInforme[] {
  return informeModelo(
    MODELO_PYG,
    saldos.filter((s) => s.Cuenta.startsWith('6') || s.Cuenta.startsWith('7')),
    -1,
  );
}

/**
 * Balance de situación: activo and patrimonio neto y pasivo. Groups 6 and 7 (the open year's result) go to
 * «Resultado del ejercicio»; an account neither side covers is returned in `SinClasificar` (never dropped).
 */
export function balanceSituacion(saldos: readonly SaldoCuenta[]): {
  Activo: LineaInforme[];
  Pasivo: LineaInforme[];
  SinClasificar: SaldoCuenta[];
} {
  const modelos = [MODELO_ACTIVO, MODELO_PASIVO];
  return {
    Activo: informeModelo(MODELO_ACTIVO, saldos, 1, modelos),
    Pasivo: informeModelo(MODELO_PASIVO, saldos, -1, modelos),
    SinClasificar: saldos.filter((s) => s.Saldo !== 0 && lineaDeCuenta(s.Cuenta, modelos) === undefined),
  };
}
