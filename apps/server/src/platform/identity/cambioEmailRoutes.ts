import { MSG, PATTERNS, requiredString } from '@faro/domain';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import { claveActual } from '../auth/intentos.ts';
import { parseBody } from '../crud/crudRoutes.ts';
import type { AreaModule } from '../deps.ts';
import { fieldError } from '../http/errors.ts';
import { CAMBIO_EMAIL_HORAS, pedirCambioEmail } from './cambioEmail.ts';

export const CAMBIO_EMAIL_ENVIADO =
  'Te hemos enviado un correo a la nueva dirección: el cambio se hará cuando abras el enlace que contiene';
export const CAMBIO_EMAIL_HECHO = 'Tu correo electrónico se ha cambiado';

const cambioEmailBody = z.object({
  Email: requiredString('Email', 120).regex(PATTERNS.email, { error: MSG.format }),
  PasswordActual: requiredString('Contraseña actual', 200),
});

/**
 * usuario/cambiaremail: the signed-in person asks to change their own e-mail (their current password proves it is
 * them, not a borrowed session). The link goes to the new address, a notice to the old one; the link opens the
 * public confirmation page (registro/confirmaemail), which accepts both kinds of link.
 */
export const cambioEmailRoutes: AreaModule = (app, deps) => {
  const db = deps.database.db;
  const currentPassword = claveActual(db, deps.config.now ?? Date.now);
  app.post(
    '/api/usuarios/usuario/cambiaremail',
    {
      config: { access: access.authenticated },
      schema: { tags: ['usuarios'], summary: 'Cambiar el correo electrónico propio', body: cambioEmailBody },
    },
    async (request) => {
      const ctx = request.ctx!;
      const body = parseBody(cambioEmailBody, request.body) as z.infer<typeof cambioEmailBody>;
      // The same attempt budget as the password change: a borrowed session cannot guess the password here either.
      const persona = await currentPassword.exigir(ctx.personaId, body.PasswordActual);
      if (persona.email.toLowerCase() === body.Email.toLowerCase()) {
        throw fieldError('Email', 'Ese ya es tu correo electrónico');
      }
      const token = await pedirCambioEmail(db, persona.id, body.Email);
      const enlace = `${deps.config.publicUrl}/registro/confirmaemail?token=${encodeURIComponent(token)}`;
      await deps.mailer.send({
        to: body.Email,
        subject: 'Faro: confirma tu nuevo correo electrónico',
        text: `Hola ${persona.nombre}:\n\nPara que ${body.Email} sea el correo electrónico del usuario ${persona.userName}, abre este enlace (caduca en ${CAMBIO_EMAIL_HORAS} horas y sólo se puede usar una vez):\n\n${enlace}\n\nSi no lo has pedido tú, ignora este correo.`,
      });
      await deps.mailer.send({
        to: persona.email,
        subject: 'Faro: se ha pedido cambiar tu correo electrónico',
        text: `Hola ${persona.nombre}:\n\nSe ha pedido cambiar el correo electrónico del usuario ${persona.userName} a ${body.Email}. El cambio sólo se hará si se confirma desde esa dirección.\n\nSi no lo has pedido tú, cambia tu contraseña cuanto antes.`,
      });
      return { Mensaje: CAMBIO_EMAIL_ENVIADO };
    },
  );
};
