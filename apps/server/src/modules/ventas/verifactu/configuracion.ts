import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import type { EntornoAeat, SistemaInformatico, ZonaHoraria } from '@faro/domain';
import { AppError, badRequest } from '../../../platform/http/errors.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { empresa, verifactuConfig } from '../../../platform/tenancy/tables.ts';
import { ENDPOINTS_VERIFACTU } from '../../../verifactu/endpoints.ts';

/**
 * A company's VeriFactu configuration: the SistemaInformatico (producer, system, version, installation), the AEAT
 * environment, where records are sent, and the client certificate (.p12/.pfx) kept encrypted with AES-256-GCM under
 * a key derived (HKDF-SHA256) from the server secret. The certificate's password is never returned.
 */

export const MSG_VF = {
  noActivo: 'VeriFactu no está activo para esta empresa',
  sinNif: 'La empresa no tiene NIF: complétalo en los datos de la empresa antes de emitir facturas VeriFactu',
  registroInvalido: 'La factura no se puede emitir: el registro VeriFactu no es válido',
  sinCertificado: 'La empresa no tiene certificado para enviar a la AEAT',
  sinDestino: 'No hay destino de envío configurado (endpoint de la AEAT o simulador)',
  certificadoInvalido: 'El certificado no es un .p12/.pfx válido o la contraseña no es correcta',
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

// ---------------------------------------------------------------------------------------------------------------
// Secrets

function clave(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'faro-verifactu', 'certificado-empresa', 32));
}

/** iv.tag.ciphertext in base64url. */
export function cifrar(secret: string, datos: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', clave(secret), iv);
  const cuerpo = Buffer.concat([c.update(datos), c.final()]);
  return [iv, c.getAuthTag(), cuerpo].map((b) => b.toString('base64url')).join('.');
}

export function descifrar(secret: string, texto: string): Buffer {
  const [iv, tag, cuerpo] = texto.split('.').map((p) => Buffer.from(p, 'base64url'));
  const d = createDecipheriv('aes-256-gcm', clave(secret), iv!);
  d.setAuthTag(tag!);
  return Buffer.concat([d.update(cuerpo!), d.final()]);
}

/** Throws a 400 unless the bytes are a PKCS#12 that opens with this password. */
export function comprobarCertificado(pfx: Buffer, passphrase: string): void {
  try {
    createSecureContext({ pfx, passphrase });
  } catch {
    throw badRequest(MSG_VF.certificadoInvalido);
  }
}

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
