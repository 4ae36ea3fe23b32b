import { MSG } from '@faro/domain';
import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors, networkErrorMessage } from './errors.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('error catalogue (spec section 8)', () => {
  it.each([
    ['401 is silent', 401, { Mensaje: 'x' }, null],
    ['404', 404, { Mensaje: 'otro' }, 'No existe el dato solicitado'],
    ['403', 403, undefined, 'No tienes permisos para realizar la acción solicitada'],
    ['504', 504, 'Gateway Timeout', 'No hay conexión con el servidor. Vuelve a intentarlo en unos minutos'],
    ['string body shown as is', 409, 'El código ya existe', 'El código ya existe'],
    ['binary body decoded, quotes stripped', 422, bytes('"Fichero dañado"'), 'Fichero dañado'],
    ['binary ArrayBuffer', 400, bytes('Texto plano').buffer, 'Texto plano'],
    [
      '{ Mensaje } of a 4xx',
      409,
      { Mensaje: 'Ya existe un centro con ese código' },
      'Ya existe un centro con ese código',
    ],
    ['400 validation', 400, { Mensaje: MSG.formInvalid, Errores: [] }, 'Revisa los errores del formulario'],
    ['500 object body', 500, { Mensaje: 'stack' }, MSG.internal],
    ['500 with its reference', 500, { Mensaje: 'x', Referencia: 'AB12CD34' }, `${MSG.internal} (referencia AB12CD34)`],
    ['500 with an odd reference', 500, { Referencia: '<b>x</b>' }, MSG.internal],
    ['500 html', 500, '<html>error</html>', MSG.internal],
    ['empty body', 418, undefined, MSG.internal],
  ])('%s', (_name, status, body, text) => {
    expect(errorMessage(status, body)).toBe(text);
  });

  it('the internal-error text word for word', () => {
    expect(MSG.internal).toBe(
      'Ha ocurrido un error interno. Vuelve a intentarlo pasados unos minutos. Si el error persiste ponte en contacto con el servicio técnico',
    );
  });

  it('field errors of a 400', () => {
    expect(fieldErrors({ Errores: [{ Campo: 'Val', Mensaje: 'Código es obligatorio' }, { nope: 1 }, null] })).toEqual([
      { Campo: 'Val', Mensaje: 'Código es obligatorio' },
    ]);
    expect(fieldErrors('x')).toEqual([]);
  });

  it('network errors show their message, timeouts the no-connection text', () => {
    expect(networkErrorMessage(new TypeError('Failed to fetch'), false)).toBe('Failed to fetch');
    expect(networkErrorMessage(new Error('aborted'), true)).toBe(MSG.noConnection);
  });
});
