import { FacturaeIncompleta, type OpcionesFacturae, type UnidadesDir3 } from '@faro/domain';
import { eq } from 'drizzle-orm';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { clientesTable, col, fpagoTable, tableOf } from '../../../platform/tenancy/tables.ts';
import { type ClaveFirma, claveDePkcs12 } from '../../../registrosFiscales/xades.ts';
import type { Cabecera } from '../../documentos/tablas.ts';
import { descifrar } from '../../registrosFiscales/certificado.ts';
import { filaConfig } from '../../ventas/verifactu/configuracion.ts';
import { cargarFacturaElectronica } from '../modelo.ts';
import { MSG_EFACTURA } from '../rutas.ts';
import { facturaeFirmada } from './firma.ts';

/**
 * An issued invoice as a signed Facturae: the e-invoice model, the customer's DIR3 units, the payment method's
 * medium and the account it is paid into (its treasury account's IBAN), signed with the company's certificate (the
 * fiscal channels' one store, `registrosFiscales/certificado.ts`).
 */
export const MSG_FACTURAE_EMPRESA = {
  sinCertificado:
    'La empresa no tiene certificado para firmar la factura Facturae: súbelo (.p12/.pfx) en la configuración de VeriFactu o TicketBAI',
  certificado: 'El certificado de la empresa no se puede usar para firmar',
} as const;

// The server secret that opens the company's certificate: set once when the module registers (facturae/rutas.ts).
let secreto: string | null = null;
export const fijarSecretoFacturae = (s: string) => {
  secreto = s;
};

/** The company's signing key, or a Spanish 400 saying why there is none. */
export async function claveEmpresa(s: Scope): Promise<ClaveFirma> {
  const fila = await filaConfig(s);
  if (!secreto || !fila?.certificado || !fila.certificadoClave) throw badRequest(MSG_FACTURAE_EMPRESA.sinCertificado);
  try {
    return claveDePkcs12(
      descifrar(secreto, fila.certificado),
      descifrar(secreto, fila.certificadoClave).toString('utf8'),
    );
  } catch {
    throw badRequest(MSG_FACTURAE_EMPRESA.certificado);
  }
}

/** The customer's DIR3 units when all three are set, else null. */
export async function dir3DelCliente(s: Scope, idCliente: number): Promise<UnidadesDir3 | null> {
  const c = (f: string) => col(clientesTable, f);
  const [u] = (await s.pick(
    {
      OficinaContable: c('Dir3OficinaContable'),
      OrganoGestor: c('Dir3OrganoGestor'),
      UnidadTramitadora: c('Dir3UnidadTramitadora'),
    },
    clientesTable,
    eq(c('Id'), idCliente),
  )) as { OficinaContable: string | null; OrganoGestor: string | null; UnidadTramitadora: string | null }[];
  return u?.OficinaContable && u.OrganoGestor && u.UnidadTramitadora ? (u as UnidadesDir3) : null;
}

/** The payment method's medium and its treasury account's IBAN. */
async function pago(s: Scope, idFormaPago: number | null): Promise<Pick<OpcionesFacturae, 'Medio' | 'Iban'>> {
  if (!idFormaPago) return {};
  const f = (n: string) => col(fpagoTable, n);
  const [forma] = (await s.pick(
    { Medio: f('Medio'), Cuenta: f('IdCuentaTesoreria') },
    fpagoTable,
    eq(f('Id'), idFormaPago),
  )) as {
    Medio: string | null;
    Cuenta: number | null;
  }[];
  const tesoreria = tableOf('tesoreria');
  if (!forma?.Cuenta || !tesoreria) return { Medio: forma?.Medio ?? null };
  const [cuenta] = (await s.pick(
    { Iban: col(tesoreria, 'IBAN') },
    tesoreria,
    eq(col(tesoreria, 'Id'), forma.Cuenta),
  )) as {
    Iban: string | null;
  }[];
  return { Medio: forma.Medio, Iban: cuenta?.Iban ?? null };
}

export interface FacturaeCargada {
  cabecera: Cabecera;
  dir3: UnidadesDir3 | null;
  /** The signed Facturae 3.2.2 file. */
  xml: string;
}

/**
 * The invoice's signed Facturae: 409 for a draft, 400 without a usable certificate, 422 naming what Facturae
 * requires and the invoice lacks (the customer's address…).
 */
export async function facturaeDeFactura(
  s: Scope,
  id: number,
  op: { clave?: ClaveFirma; instante?: Date } = {},
): Promise<FacturaeCargada> {
  const { cabecera, factura } = await cargarFacturaElectronica(s, id);
  if (!cabecera.numSerie || cabecera.estado === 'Provisional') throw new AppError(409, MSG_EFACTURA.borrador);
  const [dir3, opciones, clave] = await Promise.all([
    dir3DelCliente(s, cabecera.idTercero),
    pago(s, cabecera.idFormaPago),
    op.clave ?? claveEmpresa(s),
  ]);
  const instante = op.instante ?? new Date();
  try {
    return { cabecera, dir3, xml: facturaeFirmada(factura, { ...opciones, Dir3: dir3 }, clave, instante) };
  } catch (error) {
    if (error instanceof FacturaeIncompleta) throw new AppError(422, error.message);
    throw error;
  }
}
