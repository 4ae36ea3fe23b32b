import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CALIFICACIONES_OPERACION,
  CLAVES_REGIMEN,
  CODIGOS_PAIS,
  ID_TYPES,
  IMPUESTOS_VF,
  OPERACIONES_EXENTAS,
  TIPOS_FACTURA,
  TIPOS_RECTIFICATIVA,
} from './codes.ts';
import { ERRORES_AEAT, explicarErrorAeat } from './errores.ts';

/** The official schemas live in ../shared beside the repository (FARO_VERIFACTU_SCHEMAS overrides). */
const dir =
  process.env.FARO_VERIFACTU_SCHEMAS ?? new URL('../../../../../shared/schemas/verifactu/', import.meta.url).pathname;
const xsd = readFileSync(`${dir}/SuministroInformacion.xsd`, 'utf8');

function enumeracion(tipo: string): string[] {
  const start = xsd.indexOf(`<simpleType name="${tipo}">`);
  expect(start, tipo).toBeGreaterThan(-1);
  const body = xsd.slice(start, xsd.indexOf('</simpleType>', start));
  return [...body.matchAll(/<enumeration value="([^"]*)"/g)].map((m) => m[1]!);
}

describe('code lists equal the XSD enumerations', () => {
  it.each([
    ['ClaveTipoFacturaType', TIPOS_FACTURA],
    ['ClaveTipoRectificativaType', TIPOS_RECTIFICATIVA],
    ['ImpuestoType', IMPUESTOS_VF],
    ['IdOperacionesTrascendenciaTributariaType', CLAVES_REGIMEN],
    ['CalificacionOperacionType', CALIFICACIONES_OPERACION],
    ['OperacionExentaType', OPERACIONES_EXENTAS],
    ['PersonaFisicaJuridicaIDTypeType', ID_TYPES],
  ] as const)('%s', (tipo, lista) => {
    expect(lista.map((c) => c.value).sort()).toEqual(enumeracion(tipo).sort());
  });

  it('CountryType2', () => {
    expect(CODIGOS_PAIS).toEqual(enumeracion('CountryType2'));
  });
});

describe('AEAT error explanations', () => {
  it('cover every code compliance-es.md names, pointing at a field', () => {
    for (const codigo of [1152, 1108, 1287, 2000, 2001, 2004, 2005, 2006, 2007, 3000, 3001, 3002]) {
      const e = ERRORES_AEAT.get(codigo);
      expect(e, String(codigo)).toBeDefined();
      expect(e!.Explicacion.length).toBeGreaterThan(10);
      expect(e!.Campo, String(codigo)).not.toBe('');
    }
  });

  it('classify by range and explain unknown codes generically', () => {
    expect(explicarErrorAeat(2000).Efecto).toBe('aceptado');
    expect(explicarErrorAeat(1189)).toMatchObject({ Efecto: 'registro', Campo: 'Destinatarios' });
    expect(explicarErrorAeat(4114).Efecto).toBe('envio');
    expect(explicarErrorAeat(4999, 'Texto AEAT')).toEqual({
      Codigo: 4999,
      Campo: '',
      Efecto: 'envio',
      Explicacion: 'La AEAT rechazó el envío completo. Texto AEAT',
    });
    expect(explicarErrorAeat(2999).Efecto).toBe('aceptado');
  });
});
