import { PERMISSION_CODE_LIST, type PermissionCode, type PermissionLevel } from '../permissions/codes.ts';
import { type InfoEmpresa, MODULE_FLAG_LIST, type ModuleFlag } from '../session/companyContext.ts';

/** A full company context for tests: every module on, every permission at level 3, one centre. */
export function testContext(over: Partial<InfoEmpresa> = {}): InfoEmpresa {
  return {
    IdEmpresa: 1,
    CodigoEmpresa: 'DEMO',
    NombreUsuario: 'Demo',
    UserName: 'demo',
    NombreEmpresa: 'Comercial Demo SL',
    NIF: 'B12345678',
    Propietario: true,
    EntidadPruebas: false,
    ActAues: 0,
    Roles: ['usuario'],
    Denegados: [],
    DenegadosCentro: {},
    Permisos: Object.fromEntries(PERMISSION_CODE_LIST.map((c) => [c, 3])) as Record<PermissionCode, PermissionLevel>,
    Centros: [{ Val: 'C1', Desc: 'Central' }],
    DecimalesRedondeo: 2,
    DigitosContables: 10,
    CuentaCompras: '600',
    CuentaGastos: '629',
    CuentaVentasProductos: '700',
    CuentaVentasServicios: '705',
    Modulos: Object.fromEntries(MODULE_FLAG_LIST.map((m) => [m, true])) as Record<ModuleFlag, boolean>,
    TipoCuenta: 'general',
    TipoFacturaElectronica: 'verifactu',
    Tributacion: 'peninsula',
    RecargoEquivalencia: false,
    DireccionEnvioDefecto: false,
    VersionApi: '1',
    VersionApiVentas: '1',
    RecursosRestringidos: [],
    CondicionesAceptadas: true,
    CodigoEmpleado: '',
    FichajeActivo: false,
    SoloFichaje: false,
    Empresas: [],
    EstadoFichaje: '',
    ...over,
  };
}
