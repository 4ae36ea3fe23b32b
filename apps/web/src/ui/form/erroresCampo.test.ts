import { describe, expect, it } from 'vitest';
import { ligarNumero, ligarSelect, ligarTexto } from './erroresCampo.ts';

describe('ligarSelect', () => {
  it('binds a select to a text field: null when empty, the pick written back, cleared to empty, the error', () => {
    let v = { Cuenta: '', Esquema: 'CORE' };
    const set = (n: typeof v) => {
      v = n;
    };
    expect(ligarSelect(v, set, { Cuenta: 'Obligatorio' })('Cuenta')).toMatchObject({
      value: null,
      error: 'Obligatorio',
    });
    ligarSelect(v, set)('Cuenta').onChange('7');
    expect(v).toEqual({ Cuenta: '7', Esquema: 'CORE' });
    ligarSelect(v, set)('Esquema').onChange(null);
    expect(v).toEqual({ Cuenta: '7', Esquema: '' });
    expect(ligarSelect(v, set)('Cuenta').value).toBe('7');
  });
});

describe('ligarTexto', () => {
  it('shows a missing text as empty and writes the whole state through a patch setter', () => {
    const v: { Nombre?: string | null; Asunto: string } = { Asunto: 'Hola' };
    const parches: unknown[] = [];
    const campo = ligarTexto(v, (p) => parches.push(p), { Nombre: 'Obligatorio' })('Nombre');
    expect(campo).toMatchObject({ value: '', error: 'Obligatorio' });
    campo.onChange({ currentTarget: { value: 'Otoño' } } as never);
    expect(parches).toEqual([{ Nombre: 'Otoño', Asunto: 'Hola' }]);
  });
});

describe('ligarNumero', () => {
  it('binds a number input: the number, the text while typing, the error', () => {
    let v = { Minutos: 30 as number | string, Motivo: '' };
    const set = (n: typeof v) => {
      v = n;
    };
    expect(ligarNumero(v, set, { Minutos: 'Demasiado' })('Minutos')).toMatchObject({ value: 30, error: 'Demasiado' });
    ligarNumero(v, set)('Minutos').onChange('');
    expect(v).toEqual({ Minutos: '', Motivo: '' });
    ligarNumero(v, set)('Minutos').onChange(45);
    expect(v.Minutos).toBe(45);
  });
});
