import { hoyEspana } from '../../../platform/fechas.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { efacturaConfig } from '../../../platform/tenancy/tables.ts';

/** The company's e-invoicing settings as the queue and the screens read them. */
export interface ConfigEfactura {
  canalDefecto: string;
  urlSpfe: string | null;
  urlPeppol: string | null;
  urlFace: string | null;
  inicioEfactura: string | null;
}

export const CONFIG_INICIAL: ConfigEfactura = {
  canalDefecto: 'pdf_email',
  urlSpfe: null,
  urlPeppol: null,
  urlFace: null,
  inicioEfactura: null,
};

const columnas = {
  canalDefecto: efacturaConfig.canalDefecto,
  urlSpfe: efacturaConfig.urlSpfe,
  urlPeppol: efacturaConfig.urlPeppol,
  urlFace: efacturaConfig.urlFace,
  inicioEfactura: efacturaConfig.inicioEfactura,
};

export async function leerConfig(s: Scope): Promise<ConfigEfactura> {
  const [fila] = await s.pick(columnas, efacturaConfig);
  return fila ?? { ...CONFIG_INICIAL };
}

/** Creates the company's row when it has none (the queue's lease lives in it too). */
export async function asegurarConfig(s: Scope): Promise<void> {
  await s.insert(efacturaConfig, {}).onConflictDoNothing();
}

export async function guardarConfig(s: Scope, valores: Partial<ConfigEfactura>): Promise<void> {
  await asegurarConfig(s);
  await s.update(efacturaConfig, { ...valores, actualizado: new Date().toISOString() }, undefined);
}

/** Whether the readable PDF still goes alongside: the first 12 months from the first structured invoice sent. */
export function dentroDelPrimerAno(inicio: string | null, hoy = hoyEspana()): boolean {
  if (!inicio) return true;
  const [a, m, d] = inicio.split('-').map(Number) as [number, number, number];
  const fin = `${a + 1}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return hoy < fin;
}

/** The first day structured invoices went out, fixed the first time one goes. */
export async function fijarInicio(s: Scope, config: ConfigEfactura): Promise<ConfigEfactura> {
  if (config.inicioEfactura) return config;
  const inicio = hoyEspana();
  await guardarConfig(s, { inicioEfactura: inicio });
  return { ...config, inicioEfactura: inicio };
}
