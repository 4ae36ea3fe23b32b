import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';

/** Word for word from product-spec §5 (validation), §4 (time clock) and §8 (error catalogue). */
describe('MSG: validation texts (spec §5)', () => {
  it.each([
    [MSG.required('Nombre'), 'Nombre es obligatorio'],
    [MSG.minLength('Nueva contraseña', 8), 'Nueva contraseña debe contener mínimo 8 caracteres'],
    [MSG.maxLength('Nombre', 50), 'Nombre debe contener máximo 50 caracteres'],
    [MSG.format, 'El formato es incorrecto'],
    [MSG.min(0), 'Debe ser mayor o igual a 0'],
    [MSG.min(-5), 'Debe ser mayor o igual a -5'],
    [MSG.max(100), 'Debe ser menor o igual a 100'],
    [MSG.iban, 'La cuenta bancaria no es correcta'],
    [MSG.taxIdLetter, 'La letra del DNI/NIE/NIF no es correcta'],
    [MSG.formInvalid, 'Revisa los errores del formulario'],
    [MSG.noChanges, 'No hay cambios para guardar'],
    [MSG.fileType, 'Tipo de fichero no admitido. Sólo se permiten imágenes (jpg, png) y ficheros en formato pdf'],
    [MSG.fileMissing, 'No existe el fichero'],
    [MSG.needsEnrolment, 'Previamente debes de dar de alta una matrícula'],
    [MSG.passwordMismatch, 'La Nueva contraseña y la repetición de la contraseña no coinciden'],
    [MSG.passwordUpdated, 'La contraseña se ha actualizado correctamente'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('MSG.fileTooBig: the limit comes in KB and is shown in MB', () => {
  it.each([
    [2048, '2'],
    [1024, '1'],
    [10240, '10'],
    [5120, '5'],
    [1536, '1,5'],
    [512, '0,5'],
    [2560, '2,5'],
    [1000, '0,98'],
    [256, '0,25'],
  ])('%d KB → %sMB', (kb, mb) => {
    expect(MSG.fileTooBig(kb)).toBe(`El fichero es demasiado grande. El tamaño no debe de ser superior a ${mb}MB`);
  });

  it('2048 KB gives the exact spec sentence', () => {
    expect(MSG.fileTooBig(2048)).toBe('El fichero es demasiado grande. El tamaño no debe de ser superior a 2MB');
  });
});

describe('MSG: error catalogue (spec §8)', () => {
  it.each([
    [MSG.notFound, 'No existe el dato solicitado'],
    [MSG.forbidden, 'No tienes permisos para realizar la acción solicitada'],
    [MSG.noConnection, 'No hay conexión con el servidor. Vuelve a intentarlo en unos minutos'],
    [
      MSG.internal,
      'Ha ocurrido un error interno. Vuelve a intentarlo pasados unos minutos. Si el error persiste ponte en contacto con el servicio técnico',
    ],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('MSG.clockRegistered (spec §4)', () => {
  it.each(['Entrada', 'Pausa', 'Salida'] as const)('%s', (what) => {
    expect(MSG.clockRegistered(what)).toBe(`El fichaje de ${what} se ha registrado correctamente`);
  });
});
