import type { EntornoAeat, SistemaInformatico, ZonaHoraria } from '@faro/domain';
import { AppError } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { empresa, verifactuConfig } from '../../../platform/tenancy/tables.ts';
import { ENDPOINTS_VERIFACTU } from '../../../verifactu/endpoints.ts';
import { cifrar, comprobarCertificado, descifrar, MSG_CERTIFICADO } from '../../registrosFiscales/certificado.ts';

/**
 * A company's VeriFactu configuration: the SistemaInformatico (producer, system, version, installation), the AEAT
 * environment, where records are sent, and the client certificate (the fiscal channels' certificate store).
 */

export const MSG_VF = {
  noActivo: 'VeriFactu no está activo para esta empresa',
  sinNif: 'La empresa no tiene NIF: complétalo en los datos de la empresa antes de emitir facturas VeriFactu',
  registroInvalido: 'La factura no se puede emitir: el registro VeriFactu no es válido',
  sinCertificado: 'La empresa no tiene certificado para enviar a la AEAT',
  sinDestino: 'No hay destino de envío configurado (endpoint de la AEAT o simulador)',
  certificadoInvalido: MSG_CERTIFICADO.invalido,
  noSubsanable: 'Solo se puede subsanar un registro rechazado o aceptado con errores',
  yaSubsanado: 'Ese registro ya se subsanó con un registro posterior',
  noEnviable: 'No se puede reenviar un registro rechazado: subsánalo',
} as const;

export interface EmpresaVf {
  id: number;
  nombre: string;
  nif: string;
  tributacion: string;
  tipoFacturaElectronica: string;
}

export interface ConfiguracionVf {
  sistema: SistemaInformatico;
  entorno: EntornoAeat;
  zona: ZonaHoraria;
  envioAeat: boolean;
  url: string | null;
  certificado: { pfx: Buffer; passphrase: string; nombre: string | null; subido: string | null } | null;
}

export const DEFECTO_SISTEMA = {
  NombreSistemaInformatico: 'Faro',
  IdSistemaInformatico: 'FA',
  Version: '1.0',
} as const;

export const instalacionDefecto = (empresaId: number) => `FARO-${empresaId}`;

export async function cargarEmpresa(s: Scope): Promise<EmpresaVf> {
  const [e] = await s.company({
    id: empresa.id,
    nombre: empresa.nombre,
    nif: empresa.nif,
    tributacion: empresa.tributacion,
    tipoFacturaElectronica: empresa.tipoFacturaElectronica,
  });
  if (!e) throw new AppError(404, 'No encontrado');
  return e;
}

export const usaVerifactu = (e: Pick<EmpresaVf, 'tipoFacturaElectronica'>) => e.tipoFacturaElectronica === 'verifactu';

// The certificate store is the fiscal channels' one (modules/registrosFiscales/certificado.ts).
export { cifrar, comprobarCertificado, descifrar };

// ---------------------------------------------------------------------------------------------------------------

type FilaConfig = typeof verifactuConfig.$inferSelect;

export async function filaConfig(s: Scope): Promise<FilaConfig | null> {
  const [row] = await s.select(verifactuConfig);
  return row ?? null;
}

export function sistemaDe(e: EmpresaVf, row: FilaConfig | null): SistemaInformatico {
  return {
    NombreRazon: row?.productorNombre || e.nombre,
    NIF: (row?.productorNif || e.nif).toUpperCase(),
    NombreSistemaInformatico: row?.nombreSistema || DEFECTO_SISTEMA.NombreSistemaInformatico,
    IdSistemaInformatico: row?.idSistema || DEFECTO_SISTEMA.IdSistemaInformatico,
    Version: row?.version || DEFECTO_SISTEMA.Version,
    NumeroInstalacion: row?.numeroInstalacion || instalacionDefecto(e.id),
    TipoUsoPosibleSoloVerifactu: 'S',
    TipoUsoPosibleMultiOT: 'S',
    IndicadorMultiplesOT: 'N',
  };
}

export async function cargarConfiguracion(
  s: Scope,
  e: EmpresaVf,
  secret?: string,
): Promise<ConfiguracionVf & { fila: FilaConfig | null }> {
  const row = await filaConfig(s);
  let certificado: ConfiguracionVf['certificado'] = null;
  if (secret && row?.certificado && row.certificadoClave) {
    certificado = {
      pfx: descifrar(secret, row.certificado),
      passphrase: descifrar(secret, row.certificadoClave).toString('utf8'),
      nombre: row.certificadoNombre,
      subido: row.certificadoSubido,
    };
  }
  return {
    fila: row,
    sistema: sistemaDe(e, row),
    entorno: row?.entorno === 'produccion' ? 'produccion' : 'pruebas',
    zona: e.tributacion === 'canarias' ? 'canarias' : 'peninsula',
    envioAeat: row?.envioAeat ?? false,
    url: row?.url ?? null,
    certificado,
  };
}

/** Where records go: the real AEAT endpoint only when configured so; else the configured URL (simulator); else none. */
export function destinoDe(c: Pick<ConfiguracionVf, 'envioAeat' | 'entorno' | 'url'>): string | null {
  if (c.envioAeat) return c.entorno === 'produccion' ? ENDPOINTS_VERIFACTU.produccion : ENDPOINTS_VERIFACTU.pruebas;
  return c.url || null;
}
