import { MSG_DATOS } from '@faro/domain';
import { changedFields } from '../../platform/audit/audit.ts';
import type { EntityRepository, Row } from '../../platform/crud/entityRepository.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Scope } from '../../platform/tenancy/scope.ts';
import { type EmpresaRow, empresa } from '../../platform/tenancy/tables.ts';
import { normalizeAddress } from '../contactos/contactHooks.ts';

export const LOGO_PATH = '/api/configuracion/empresa/logo';

/** Entity field → column of `empresas` (the company's own data; contract data stays with the platform admin). */
const COLUMNS = {
  Codigo: 'codigo',
  Nombre: 'nombre',
  NombreComercial: 'nombreComercial',
  NIF: 'nif',
  RegistroMercantil: 'registroMercantil',
  Direccion: 'direccion',
  CodPostal: 'codPostal',
  Poblacion: 'poblacion',
  Provincia: 'provincia',
  Pais: 'pais',
  Telefono: 'telefono',
  Email: 'email',
  Web: 'web',
  Tributacion: 'tributacion',
  RecargoEquivalencia: 'recargoEquivalencia',
  DireccionEnvioDefecto: 'direccionEnvioDefecto',
  DecimalesRedondeo: 'decimalesRedondeo',
  DigitosContables: 'digitosContables',
  CuentaCompras: 'cuentaCompras',
  CuentaGastos: 'cuentaGastos',
  CuentaVentasProductos: 'cuentaVentasProductos',
  CuentaVentasServicios: 'cuentaVentasServicios',
  DatosEmpresa: 'datosEmpresa',
  PolDevoluciones: 'polDevoluciones',
} as const satisfies Record<string, keyof EmpresaRow>;

/** Columns that are NOT NULL in `empresas`: an empty value keeps '' rather than null. */
const NOT_NULL_TEXT = new Set([
  'nif',
  'datosEmpresa',
  'polDevoluciones',
  'cuentaCompras',
  'cuentaGastos',
  'cuentaVentasProductos',
  'cuentaVentasServicios',
]);

function toRow(e: EmpresaRow): Row {
  const row: Record<string, unknown> = { Id: e.id };
  for (const [field, column] of Object.entries(COLUMNS)) row[field] = e[column] ?? null;
  row.Logo = e.logo ? LOGO_PATH : null;
  return row as Row;
}

/** The session's company as a one-row resource: its Id is the company id; any other id is not found. */
export function empresaRepository(scope: Scope): EntityRepository {
  const fetch = async (s: Scope) => {
    const [e] = await s.company(empresa).limit(1);
    if (!e) throw notFound();
    return e;
  };
  return {
    async list() {
      return { Items: [toRow(await fetch(scope))], Total: 1, TotalLimitado: false };
    },
    async get(id) {
      if (id !== scope.empresaId) throw notFound();
      return toRow(await fetch(scope));
    },
    async create() {
      throw new AppError(400, MSG_DATOS.singleton('Los datos de la empresa'));
    },
    async update(id, raw) {
      if (id !== scope.empresaId) throw notFound();
      const values = normalizeAddress(raw);
      return scope.tx(async (t) => {
        const before = toRow(await fetch(t));
        const set: Record<string, unknown> = {};
        for (const [field, column] of Object.entries(COLUMNS)) {
          if (field === 'Codigo' || !(field in values)) continue;
          const v = values[field];
          set[column] = v === null && NOT_NULL_TEXT.has(column) ? '' : v;
        }
        await t.updateCompany(set);
        const after = toRow(await fetch(t));
        await t.audit({
          accion: 'M',
          recurso: 'empresa',
          idRegistro: id,
          campos: changedFields(before, after),
        });
        return after;
      });
    },
    async remove(id) {
      if (id !== scope.empresaId) throw notFound();
      throw new AppError(400, MSG_DATOS.notDeletable('La empresa'));
    },
  };
}
