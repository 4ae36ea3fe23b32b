import { describe, expect, it } from 'vitest';
import { MSG } from '../validation/messages.ts';
import { MSG_CRM, moverSchema, oportunidadSchema } from './oportunidades.ts';

const mensajes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the reason of a lost opportunity', () => {
  const oportunidad = {
    IdEmbudo: 1,
    LinFaseEmbudo: 1,
    TipoContacto: 'c',
    IdContacto: 1,
    Titulo: 'Renovación',
    FechaCierre: '2026-06-30',
  };

  it('is required once the opportunity is lost, when saving it and when moving it on the board', () => {
    expect(mensajes(oportunidadSchema.safeParse({ ...oportunidad, Estado: 2 }))).toEqual([
      ['MotivoPerdida', MSG_CRM.motivoPerdida],
    ]);
    expect(mensajes(moverSchema.safeParse({ LinFaseEmbudo: 2, Estado: 2, MotivoPerdida: '  ' }))).toEqual([
      ['MotivoPerdida', MSG_CRM.motivoPerdida],
    ]);
  });

  it('is not asked while the opportunity is open, and is kept trimmed when given', () => {
    expect(oportunidadSchema.safeParse({ ...oportunidad, Estado: 0 }).success).toBe(true);
    expect(moverSchema.parse({ LinFaseEmbudo: 2, Estado: 2, MotivoPerdida: ' Precio ' }).MotivoPerdida).toBe('Precio');
    expect(mensajes(moverSchema.safeParse({ LinFaseEmbudo: 2, MotivoPerdida: 'x'.repeat(501) }))).toEqual([
      ['MotivoPerdida', MSG.maxLength('Motivo', 500)],
    ]);
  });
});
