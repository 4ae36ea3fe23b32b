import {
  checkTaxId,
  MSG,
  newPasswordSchema,
  PATTERNS,
  requiredString,
  type TipoCuenta,
  type Tributacion,
} from '@faro/domain';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { datosInicialesEmpresa } from '../../modules/configuracion/datosIniciales.ts';
import { codigoEmpresaLibre } from '../admin/codigoEmpresa.ts';
import { parseBody } from '../crud/crudRoutes.ts';
import type { Db } from '../db/database.ts';
import { centrosTable, empresas, enlacesEmail, miembros, personas } from '../db/schema.ts';
import type { AreaModule } from '../deps.ts';
import { AppError, notFound, sqlState } from '../http/errors.ts';
import { confirmarCambioEmail, consumirEnlace } from '../identity/cambioEmail.ts';
import { CAMBIO_EMAIL_HECHO } from '../identity/cambioEmailRoutes.ts';
import { cambiarPassword, confirmarEmail, crearPersona } from '../identity/personas.ts';
import { companyScope } from '../tenancy/scope.ts';
import { access } from './access.ts';
import { limitesAlta } from './altas.ts';
import { hashPassword } from './passwords.ts';
import { TOO_MANY } from './sessionRoutes.ts';
import { revokeAllOf } from './sessions.ts';
import { Throttle } from './throttle.ts';
import { randomToken, tokenHash } from './tokens.ts';

export const RECOVERY_SENT =
  'Si los datos son correctos, recibirás un correo con un enlace para crear una nueva contraseña';
export const SIGNUP_SENT = 'Te hemos enviado un correo para confirmar tu cuenta';
export const LINK_INVALID = 'El enlace no es válido o ha caducado. Solicita uno nuevo';
const RECOVERY_HOURS = 1;
const CONFIRM_HOURS = 48;

const recoverBody = z.object({ Usuario: requiredString('Usuario', 120) });
const newPassBody = z.object({ Token: requiredString('Token', 200), NuevoPassword: newPasswordSchema() });
const confirmBody = z.object({ Token: requiredString('Token', 200) });
const signUpBody = z.object({
  NombreEmpresa: requiredString('Nombre de la empresa', 100),
  NIF: requiredString('NIF', 20).superRefine((v, ctx) => {
    const r = checkTaxId(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.reason === 'letra' ? MSG.taxIdLetter : MSG.format });
  }),
  Nombre: requiredString('Nombre', 60),
  Email: requiredString('Email', 120).regex(PATTERNS.email, { error: MSG.format }),
  Usuario: requiredString('Usuario', 50)
    .min(3, { error: MSG.minLength('Usuario', 3) })
    .regex(PATTERNS.codigo, { error: MSG.format }),
  Password: newPasswordSchema('Contraseña'),
});

async function createLink(db: Db, personaId: number, tipo: 'recupera' | 'confirma', hours: number): Promise<string> {
  const token = randomToken();
  await db.insert(enlacesEmail).values({
    personaId,
    tipo,
    tokenHash: tokenHash(token),
    expira: new Date(Date.now() + hours * 3_600_000),
  });
  return token;
}

/** Marks a link used and returns its person, or null when unknown, used, expired or of another kind. */
const consumeLink = (db: Db, token: string, tipo: 'recupera' | 'confirma') => consumirEnlace(db, token, tipo);

export const accountRoutes: AreaModule = (app, deps) => {
  const db = deps.database.db;
  const byIp = new Throttle(db, 'cuenta', 10, 15 * 60_000);
  const signUps = limitesAlta(db, deps.config.now ?? Date.now);
  const tags = ['usuarios'];
  const link = (path: string, token: string) =>
    `${deps.config.publicUrl}/registro/${path}?token=${encodeURIComponent(token)}`;

  app.post(
    '/api/usuarios/registro/recupera',
    { config: { access: access.public }, schema: { tags, summary: 'Recuperar la contraseña', body: recoverBody } },
    async (request) => {
      const body = parseBody(recoverBody, request.body) as z.infer<typeof recoverBody>;
      if (!(await byIp.hit(`rec:${request.ip}`))) throw new AppError(429, TOO_MANY);
      const key = body.Usuario.toLowerCase();
      const [persona] = await db
        .select()
        .from(personas)
        .where(or(eq(sql`lower(${personas.userName})`, key), eq(sql`lower(${personas.email})`, key)))
        .limit(1);
      if (persona) {
        // Not awaited: a known and an unknown account answer in the same time (a slow SMTP server tells nothing).
        void (async () => {
          const token = await createLink(db, persona.id, 'recupera', RECOVERY_HOURS);
          await deps.mailer.send({
            to: persona.email,
            subject: 'Faro: crea una nueva contraseña',
            text: `Hola ${persona.nombre}:\n\nPara crear una nueva contraseña del usuario ${persona.userName}, abre este enlace (caduca en ${RECOVERY_HOURS} hora y sólo se puede usar una vez):\n\n${link('nuevopass', token)}\n\nSi no lo has pedido tú, ignora este correo.`,
          });
        })().catch((error: unknown) => request.log.error({ err: error }, 'no se pudo enviar la recuperación'));
      }
      return { Mensaje: RECOVERY_SENT };
    },
  );

  app.post(
    '/api/usuarios/registro/nuevopass',
    {
      config: { access: access.public },
      schema: { tags, summary: 'Nueva contraseña con el enlace recibido', body: newPassBody },
    },
    async (request) => {
      const body = parseBody(newPassBody, request.body) as z.infer<typeof newPassBody>;
      const personaId = await consumeLink(db, body.Token, 'recupera');
      if (!personaId) throw new AppError(400, LINK_INVALID);
      await cambiarPassword(db, personaId, await hashPassword(body.NuevoPassword), { desbloquear: true });
      await revokeAllOf(db, personaId);
      return { Mensaje: MSG.passwordUpdated };
    },
  );

  app.post(
    '/api/usuarios/registro/nuevacuenta',
    { config: { access: access.public }, schema: { tags, summary: 'Alta de una cuenta nueva', body: signUpBody } },
    async (request, reply) => {
      const body = parseBody(signUpBody, request.body) as z.infer<typeof signUpBody>;
      await signUps.comprobar(request.ip, body.Email);
      // A taken user name gets the same answer, after the same work (hash, company built then rolled back): only
      // the e-mail sent to the given address says the name is taken. Nobody can probe which names exist.
      const passwordHash = await hashPassword(body.Password);
      const token = await createAccount(db, body, passwordHash);
      if (token === null) {
        await deps.mailer.send({
          to: body.Email,
          subject: 'Faro: confirma tu correo electrónico',
          text: `Hola ${body.Nombre}:\n\nHemos recibido una solicitud de alta en Faro con el nombre de usuario ${body.Usuario}, pero ese nombre de usuario ya está en uso, así que no se ha creado ninguna cuenta.\n\nSi eras tú, vuelve a darte de alta eligiendo otro nombre de usuario en ${deps.config.publicUrl}/registro/nuevacuenta. Si ya tienes cuenta y no recuerdas la contraseña, crea una nueva en ${deps.config.publicUrl}/registro/recuperar.\n\nSi no lo has pedido tú, ignora este correo.\n`,
        });
      } else {
        await deps.mailer.send({
          to: body.Email,
          subject: 'Faro: confirma tu correo electrónico',
          text: `Hola ${body.Nombre}:\n\nGracias por darte de alta en Faro. Confirma tu correo abriendo este enlace (caduca en ${CONFIRM_HOURS} horas):\n\n${link('confirmaemail', token)}\n`,
        });
      }
      return reply.status(201).send({ Mensaje: SIGNUP_SENT });
    },
  );

  app.post(
    '/api/usuarios/registro/confirmaemail',
    { config: { access: access.public }, schema: { tags, summary: 'Confirmar el correo', body: confirmBody } },
    async (request) => {
      const body = parseBody(confirmBody, request.body) as z.infer<typeof confirmBody>;
      const personaId = await consumeLink(db, body.Token, 'confirma');
      if (!personaId) {
        // The same page confirms a change of a signed-in person's own e-mail (identity/cambioEmail.ts).
        if (await confirmarCambioEmail(db, body.Token)) return { Mensaje: CAMBIO_EMAIL_HECHO };
        throw new AppError(400, LINK_INVALID);
      }
      await confirmarEmail(db, personaId);
      return { Mensaje: 'Tu correo se ha confirmado. Ya puedes iniciar sesión' };
    },
  );

  app.get(
    '/api/usuarios/registro/obtenerlogo',
    { config: { access: access.public }, schema: { tags, summary: 'Logo de una empresa por su código' } },
    async (request) => {
      const codigo = String((request.query as { Codigo?: string }).Codigo ?? '')
        .trim()
        .toUpperCase();
      if (!codigo || codigo.length > 20) throw notFound();
      const [empresa] = await db
        .select({ Codigo: empresas.codigo, Nombre: empresas.nombre, Logo: empresas.logo })
        .from(empresas)
        .where(eq(empresas.codigo, codigo))
        .limit(1);
      if (!empresa) throw notFound();
      return empresa;
    },
  );
};

class NameTaken extends Error {}

/**
 * Creates the company (test mode), its owner and initial data, and returns the confirmation link's token; null when
 * the user name is taken (everything rolled back, after the same work as a real sign-up).
 */
async function createAccount(db: Db, body: z.infer<typeof signUpBody>, passwordHash: string): Promise<string | null> {
  const isTaken = async (t: Db) => {
    const [row] = await t
      .select({ id: personas.id })
      .from(personas)
      .where(eq(sql`lower(${personas.userName})`, body.Usuario.toLowerCase()))
      .limit(1);
    return row !== undefined;
  };
  try {
    return await db.transaction(async (tx) => {
      const t = tx;
      const codigo = await codigoEmpresaLibre(t, body.NombreEmpresa);
      const [empresa] = await t
        .insert(empresas)
        .values({ codigo, nombre: body.NombreEmpresa, nif: checkTaxIdValue(body.NIF), entidadPruebas: true })
        .returning({ id: empresas.id, tributacion: empresas.tributacion, tipoCuenta: empresas.tipoCuenta });
      await t.insert(centrosTable).values({ empresaId: empresa!.id, Val: 'CENTRAL', Desc: 'Central' } as never);
      await datosInicialesEmpresa(companyScope(t, { empresaId: empresa!.id, personaId: null, userName: 'registro' }), {
        tributacion: empresa!.tributacion as Tributacion,
        tipoCuenta: empresa!.tipoCuenta as TipoCuenta,
      });
      if (await isTaken(t)) throw new NameTaken();
      const personaId = await crearPersona(t, {
        userName: body.Usuario,
        nombre: body.Nombre,
        email: body.Email,
        passwordHash,
        emailConfirmado: false,
      });
      await t.insert(miembros).values({
        empresaId: empresa!.id,
        personaId,
        roles: ['usuario'],
        propietario: true,
        fichajeActivo: true,
      });
      return createLink(t, personaId, 'confirma', CONFIRM_HOURS);
    });
  } catch (error) {
    if (error instanceof NameTaken) return null;
    // Two sign-ups with one name at once: the unique index decides, the loser is told by e-mail like any other.
    if (sqlState(error) === '23505' && (await isTaken(db))) return null;
    throw error;
  }
}

function checkTaxIdValue(nif: string): string {
  const r = checkTaxId(nif);
  return r.ok ? r.value : nif;
}
