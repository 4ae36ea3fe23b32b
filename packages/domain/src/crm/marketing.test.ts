import { describe, expect, it } from 'vitest';
import { contarSms, sustituirMarcadores } from './marketing.ts';

describe('SMS length', () => {
  it('counts GSM-7 septets (extension characters twice) and UCS-2 units with their parts', () => {
    expect(contarSms('Hola')).toEqual({ Codificacion: 'GSM-7', Longitud: 4, Partes: 1 });
    expect(contarSms('a'.repeat(160)).Partes).toBe(1);
    expect(contarSms('a'.repeat(161)).Partes).toBe(2);
    expect(contarSms('€'.repeat(80))).toEqual({ Codificacion: 'GSM-7', Longitud: 160, Partes: 1 });
    expect(contarSms('Oferta: 20 % en ropa 😀')).toMatchObject({ Codificacion: 'UCS-2', Partes: 1 });
    expect(contarSms('á'.repeat(71))).toEqual({ Codificacion: 'UCS-2', Longitud: 71, Partes: 2 });
    expect(contarSms('ç'.repeat(135)).Partes).toBe(3);
  });
  it('replaces the known placeholders', () => {
    expect(sustituirMarcadores('Hola {Nombre}, {Otro}', { Nombre: 'Ana' })).toBe('Hola Ana, {Otro}');
  });
});
