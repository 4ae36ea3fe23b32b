import { describe, expect, it } from 'vitest';
import { validateChangePassword } from './changePasswordRules.ts';

const v = (PassActual: string, PassNuevo: string, PassNuevoRepite: string) => ({
  PassActual,
  PassNuevo,
  PassNuevoRepite,
});

describe('change-password rules (spec section 5)', () => {
  it.each([
    [
      'all empty',
      v('', '', ''),
      {
        PassActual: ['Contraseña actual es obligatorio'],
        PassNuevo: ['Nueva contraseña es obligatorio'],
        PassNuevoRepite: ['Repetición de la contraseña es obligatorio'],
      },
    ],
    [
      'too short and weak',
      v('x', 'abc', 'abc'),
      {
        PassNuevo: ['Nueva contraseña debe contener mínimo 8 caracteres', 'El formato es incorrecto'],
      },
    ],
    ['no digit', v('x', 'abcdefgH', 'abcdefgH'), { PassNuevo: ['El formato es incorrecto'] }],
    [
      'too long',
      v('x', `Aa1${'x'.repeat(48)}`, `Aa1${'x'.repeat(48)}`),
      {
        PassNuevo: ['Nueva contraseña debe contener máximo 50 caracteres'],
      },
    ],
    [
      'current too long',
      v('y'.repeat(51), 'Abcdefg1', 'Abcdefg1'),
      {
        PassActual: ['Contraseña actual debe contener máximo 50 caracteres'],
      },
    ],
    [
      'mismatch',
      v('x', 'Abcdefg1', 'Abcdefg2'),
      {
        PassNuevoRepite: ['La Nueva contraseña y la repetición de la contraseña no coinciden'],
      },
    ],
    ['valid', v('Demo1234', 'Nueva1234', 'Nueva1234'), {}],
  ])('%s', (_name, values, errors) => {
    expect(validateChangePassword(values)).toEqual(errors);
  });
  it('the current password is only asked for the own password', () => {
    expect(validateChangePassword(v('', 'Nueva1234', 'Nueva1234'), false)).toEqual({});
  });
});
