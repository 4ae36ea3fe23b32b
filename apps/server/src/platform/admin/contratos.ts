import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type Contratacion, planDe, referenciaMandato, rellenarContrato } from '@faro/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { datosInicialesEmpresa } from '../../modules/configuracion/datosIniciales.ts';
import { CODIGO_FALLOS, CODIGO_REENVIOS_HORA, CODIGO_VENTANA_MS, Intentos, TOO_MANY } from '../auth/intentos.ts';
import { hashPassword } from '../auth/passwords.ts';
import { Throttle } from '../auth/throttle.ts';
import type { Database, Db } from '../db/database.ts';
import {
  centrosTable,
  contratoPlantillas,
  contratosServicio as contratos,
  empresas,
  miembros,
  personas,
  suscripciones,
} from '../db/schema.ts';
import { AppError, fieldError, notFound, sqlState, TooManyError } from '../http/errors.ts';
import { crearPersona } from '../identity/personas.ts';
import { companyScope } from '../tenancy/scope.ts';
import { codigoEmpresaLibre } from './codigoEmpresa.ts';
import { contratoPdf } from './contratoPdf.ts';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const OTP_MINUTOS = 30;

/** Used until the administrators save a template (admcontrato). */
export const PLANTILLA_DEFECTO = {
  Titulo: 'Contrato de prestación de servicios Faro',
  Cuerpo:
    '<p>En {{Fecha}}, {{NombreEmpresa}}, con NIF {{NIF}} y domicilio en {{Direccion}}, representada por {{Titular}} ' +
    '({{Email}}), contrata el plan {{Plan}} de Faro por {{PrecioMes}} € al mes (IVA no incluido).</p>' +
    '<p>La cuota se cobra por adeudo directo SEPA con la referencia de mandato {{ReferenciaMandato}}.</p>' +
    '<p>El prestador trata los datos del cliente como encargado del tratamiento (art. 28 RGPD) según el acuerdo anexo.</p>',
};

const ENCARGO_TRATAMIENTO =
  '<p>Acuerdo de encargo del tratamiento (art. 28 del Reglamento (UE) 2016/679) entre {{NombreEmpresa}} (responsable, NIF {{NIF}}) y el prestador de Faro (encargado).</p>' +
  '<p>1. Objeto: el encargado trata los datos personales que el responsable guarda en Faro sólo para prestar el servicio contratado y siguiendo sus instrucciones documentadas.</p>' +
  '<p>2. Confidencialidad: las personas autorizadas a tratar los datos se comprometen a respetar su confidencialidad.</p>' +
  '<p>3. Seguridad: el encargado aplica las medidas del art. 32 RGPD (cifrado en tránsito, control de acceso por empresa, copias de seguridad, registro de accesos).</p>' +
  '<p>4. Subencargados: sólo con autorización previa del responsable.</p>' +
  '<p>5. Derechos de los interesados y brechas: el encargado asiste al responsable y notifica sin dilación indebida toda violación de seguridad.</p>' +
  '<p>6. Fin del encargo: a elección del responsable, los datos se devuelven o se suprimen, salvo obligación legal de conservarlos.</p>' +
  '<p>Fecha: {{Fecha}}. Firmado por {{Titular}} en nombre del responsable.</p>';

export interface Firma {
  Firmante: string;
  Codigo: string;
  /** The drawn signature as a PNG data URL (optional: typing the name is the keyboard alternative). */
  Trazo?: string | undefined;
}

export interface ContratoCreado {
  empresaId: number;
  contratoId: number;
  codigoEmpresa: string;
  token: string;
  otp: string;
  email: string;
}

export function contratosRepo(database: Database, now: () => number) {
  const db = database.db;
  const codigos = new Intentos(db, 'firma', CODIGO_FALLOS, CODIGO_VENTANA_MS, now);
  const reenvioMinuto = new Throttle(db, 'firma-reenvio', 1, 60_000, now);
  const reenvioHora = new Throttle(db, 'firma-reenvio-hora', CODIGO_REENVIOS_HORA, 60 * 60_000, now);

  async function plantilla(t: Db) {
    const [p] = await t.select().from(contratoPlantillas).orderBy(desc(contratoPlantillas.Version)).limit(1);
    return p ?? { ...PLANTILLA_DEFECTO, Version: 0 };
  }

  async function datosDe(t: Db, empresaId: number, titular: { nombre: string; email: string }) {
    const [e] = await t.select().from(empresas).where(eq(empresas.id, empresaId));
    if (!e) throw notFound();
    const [s] = await t.select().from(suscripciones).where(eq(suscripciones.empresaId, empresaId));
    const plan = planDe(s?.Plan ?? 'basico');
    return {
      empresa: e,
      plan: s?.Plan ?? 'basico',
      datos: {
        NombreEmpresa: e.nombre,
        NIF: e.nif,
        Direccion: [e.direccion, e.codPostal, e.poblacion].filter(Boolean).join(', '),
        Titular: titular.nombre,
        Email: titular.email,
        Plan: plan?.Nombre ?? s?.Plan ?? '',
        PrecioMes: String(plan?.PrecioMes ?? ''),
        ReferenciaMandato: s?.ReferenciaPago ?? '',
        Fecha: new Date(now()).toISOString().slice(0, 10).split('-').reverse().join('/'),
      },
    };
  }

  /** A pending contract for the company from the newest template; a fresh link token and one-time code. */
  async function generar(t: Db, empresaId: number, titular: { nombre: string; email: string }) {
    const { plan, datos, empresa } = await datosDe(t, empresaId, titular);
    const p = await plantilla(t);
    const token = randomBytes(24).toString('base64url');
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [c] = await t
      .insert(contratos)
      .values({
        empresaId,
        Version: p.Version,
        Titulo: p.Titulo,
        Texto: rellenarContrato(p.Cuerpo, datos),
        Plan: plan,
        Email: titular.email,
        TokenHash: sha256(token),
        OtpHash: sha256(otp),
        OtpExpira: new Date(now() + OTP_MINUTOS * 60_000),
      })
      .returning({ Id: contratos.Id });
    return { empresaId, contratoId: c!.Id, codigoEmpresa: empresa.codigo, token, otp, email: titular.email };
  }

  async function porToken(token: string) {
    if (!token || token.length > 100) throw notFound();
    const [c] = await db
      .select()
      .from(contratos)
      .where(sql`${contratos.TokenHash} = ${sha256(token)}`)
      .limit(1);
    if (!c) throw notFound();
    return c;
  }

  async function titularDe(t: Db, empresaId: number) {
    const [o] = await t
      .select({ nombre: personas.nombre, apellido1: personas.apellido1, email: personas.email })
      .from(miembros)
      .innerJoin(personas, eq(personas.id, miembros.personaId))
      .where(and(eq(miembros.empresaId, empresaId), eq(miembros.propietario, true), eq(miembros.baja, false)))
      .limit(1);
    if (!o) throw new AppError(400, 'La empresa no tiene propietario a quien enviar el contrato');
    return { nombre: [o.nombre, o.apellido1].filter(Boolean).join(' '), email: o.email };
  }

  const evidencias = (c: typeof contratos.$inferSelect) =>
    c.Firmado
      ? {
          Firmante: c.Firmante ?? '',
          Email: c.Email,
          Firmado: c.Firmado,
          Ip: c.Ip ?? '',
          AgenteUsuario: c.AgenteUsuario ?? '',
          HuellaTexto: sha256(c.Texto),
          Referencia: `C-${c.empresaId}-${c.Id}`,
          Trazo: c.Trazo ?? null,
        }
      : undefined;

  async function contratoDe(empresaId: number, id: number) {
    const [c] = await db
      .select()
      .from(contratos)
      .where(and(eq(contratos.empresaId, empresaId), eq(contratos.Id, id)));
    if (!c) throw notFound();
    return c;
  }

  /**
   * A new code for a pending contract (resend): at most one a minute and CODIGO_REENVIOS_HORA an hour, and the
   * contract's attempts go on counting (a resend gives no new guesses).
   */
  async function codigoNuevo(c: typeof contratos.$inferSelect): Promise<{ otp: string; email: string }> {
    if (c.Estado === 'firmado') throw new AppError(400, 'El contrato ya está firmado');
    const clave = `${c.empresaId}:${c.Id}`;
    const wait = (await reenvioMinuto.take(clave)) || (await reenvioHora.take(clave));
    if (wait > 0) throw new TooManyError(TOO_MANY, wait);
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .update(contratos)
      .set({ OtpHash: sha256(otp), OtpExpira: new Date(now() + OTP_MINUTOS * 60_000) })
      .where(and(eq(contratos.empresaId, c.empresaId), eq(contratos.Id, c.Id)));
    return { otp, email: c.Email };
  }

  /**
   * Signs: the code must match (30 minutes; CODIGO_FALLOS tries an hour per contract, whatever codes were sent, each
   * spent before the code is compared); the signed PDF with its evidence sheet and SHA-256 stored.
   */
  async function firmarContrato(c: typeof contratos.$inferSelect, firma: Firma, ip: string, agente: string) {
    const trazo = trazoPng(firma.Trazo);
    if (c.Estado === 'firmado') throw new AppError(400, 'El contrato ya está firmado');
    const wait = await codigos.tomar(`${c.empresaId}:${c.Id}`);
    if (wait > 0) throw new TooManyError(TOO_MANY, wait);
    const caducado = !c.OtpExpira || c.OtpExpira.getTime() < now();
    const ok =
      !caducado && c.OtpHash !== null && timingSafeEqual(Buffer.from(c.OtpHash), Buffer.from(sha256(firma.Codigo)));
    const key = and(eq(contratos.empresaId, c.empresaId), eq(contratos.Id, c.Id));
    if (!ok) {
      throw fieldError('Codigo', caducado ? 'El código ha caducado: pide uno nuevo' : 'El código no es correcto');
    }
    const firmado = new Date(now());
    const row = { ...c, Firmante: firma.Firmante, Firmado: firmado, Ip: ip, AgenteUsuario: agente, Trazo: trazo };
    const pdf = await contratoPdf({ titulo: c.Titulo, html: c.Texto, evidencias: evidencias(row) });
    const hash = sha256(pdf);
    await db.transaction(async (tx) => {
      await tx
        .update(contratos)
        .set({
          Estado: 'firmado',
          Firmante: firma.Firmante,
          Firmado: firmado,
          Ip: ip.slice(0, 100),
          AgenteUsuario: agente.slice(0, 500),
          Trazo: trazo,
          Pdf: pdf,
          Hash: hash,
          OtpHash: null,
        })
        .where(key);
      await tx.update(empresas).set({ condicionesAceptadas: true }).where(eq(empresas.id, c.empresaId));
    });
    return { Hash: hash, Firmado: firmado };
  }

  return {
    /**
     * registro/nuevacontratacion: the company (production, terms not accepted), its owner, subscription and contract;
     * null when the user name is taken: everything is rolled back after the same work as a free name (the caller
     * answers alike and says so only in the e-mail), so the answer tells nobody which names exist.
     */
    async nuevaContratacion(body: Contratacion): Promise<ContratoCreado | null> {
      const plan = planDe(body.Plan)!;
      const passwordHash = await hashPassword(body.Password);
      const isTaken = async (t: Db) => {
        const [taken] = await t
          .select({ id: personas.id })
          .from(personas)
          .where(eq(sql`lower(${personas.userName})`, body.Usuario.toLowerCase()));
        return taken !== undefined;
      };
      try {
        return await db.transaction(async (tx) => {
          const codigo = await codigoEmpresaLibre(tx, body.NombreEmpresa);
          const [e] = await tx
            .insert(empresas)
            .values({
              codigo,
              nombre: body.NombreEmpresa,
              nif: body.NIF.toUpperCase().replace(/[\s-]/g, ''),
              tipoCuenta: body.TipoCuenta,
              entidadPruebas: false,
              condicionesAceptadas: false,
              modulos: Object.fromEntries(plan.Modulos.map((m) => [m, true])),
              direccion: body.Direccion,
              codPostal: body.CodPostal,
              poblacion: body.Poblacion,
              email: body.Email,
            })
            .returning({ id: empresas.id });
          const empresaId = e!.id;
          await tx.insert(centrosTable).values({ empresaId, Val: 'CENTRAL', Desc: 'Central' } as never);
          await datosInicialesEmpresa(companyScope(tx, { empresaId, personaId: null, userName: 'contratacion' }), {
            tributacion: 'peninsula',
            tipoCuenta: body.TipoCuenta,
          });
          if (await isTaken(tx)) throw new NombreOcupado();
          const personaId = await crearPersona(tx, {
            userName: body.Usuario,
            nombre: body.Nombre,
            apellido1: body.Apellido1 || null,
            email: body.Email,
            passwordHash,
          });
          await tx
            .insert(miembros)
            .values({ empresaId, personaId, roles: ['usuario'], propietario: true, fichajeActivo: true });
          await tx.insert(suscripciones).values({
            empresaId,
            Plan: body.Plan,
            Usuarios: plan.Usuarios,
            Centros: plan.Centros,
            Iban: body.Iban,
            ReferenciaPago: referenciaMandato(codigo, empresaId),
          });
          const nombre = [body.Nombre, body.Apellido1].filter(Boolean).join(' ');
          return generar(tx, empresaId, { nombre, email: body.Email });
        });
      } catch (error) {
        if (error instanceof NombreOcupado) return null;
        // Two sign-ups with one name at once: the unique index decides, the loser is told by e-mail like any other.
        if (sqlState(error) === '23505' && (await isTaken(db))) return null;
        throw error;
      }
    },

    /** A new pending contract for an existing company, addressed to its owner (admin 'Generar y enviar'). */
    async generarPara(empresaId: number): Promise<ContratoCreado> {
      return db.transaction(async (tx) => generar(tx, empresaId, await titularDe(tx, empresaId)));
    },

    /** A fresh link and code for a pending contract (resend). */
    async renovar(empresaId: number, id: number): Promise<ContratoCreado> {
      const c = await contratoDe(empresaId, id);
      if (c.Estado === 'firmado') throw new AppError(400, 'El contrato ya está firmado');
      const token = randomBytes(24).toString('base64url');
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .update(contratos)
        .set({
          TokenHash: sha256(token),
          OtpHash: sha256(otp),
          OtpExpira: new Date(now() + OTP_MINUTOS * 60_000),
          OtpFallos: 0,
          Enviado: new Date(now()),
        })
        .where(and(eq(contratos.empresaId, empresaId), eq(contratos.Id, id)));
      const [e] = await db.select({ codigo: empresas.codigo }).from(empresas).where(eq(empresas.id, empresaId));
      return { empresaId, contratoId: id, codigoEmpresa: e!.codigo, token, otp, email: c.Email };
    },

    /** A new code for the contract of a signing link (codigoNuevo's limits). */
    async otraVezCodigo(token: string): Promise<{ otp: string; email: string }> {
      return codigoNuevo(await porToken(token));
    },

    /** What the signing screen shows. */
    async vista(token: string) {
      const c = await porToken(token);
      const [e] = await db
        .select({ Nombre: empresas.nombre, Codigo: empresas.codigo })
        .from(empresas)
        .where(eq(empresas.id, c.empresaId));
      return {
        Titulo: c.Titulo,
        Texto: c.Texto,
        Estado: c.Estado,
        Empresa: e?.Nombre ?? '',
        CodigoEmpresa: e?.Codigo ?? '',
        Email: enmascararEmail(c.Email),
        Firmado: c.Firmado,
        Hash: c.Hash,
      };
    },

    async pdfPorToken(token: string) {
      const c = await porToken(token);
      return c.Pdf ?? contratoPdf({ titulo: c.Titulo, html: c.Texto, marca: 'BORRADOR PENDIENTE DE FIRMA' });
    },

    /** Signs the contract of a signing link (firmarContrato's rules). */
    async firmar(token: string, firma: Firma, ip: string, agente: string) {
      const r = await firmarContrato(await porToken(token), firma, ip, agente);
      return { ...r, CodigoEmpresa: (await this.vista(token)).CodigoEmpresa };
    },

    /**
     * The contract an unsigned company's members are asked to sign (the 'Aviso Legal'): its newest pending one, made
     * for the owner from the newest template when there is none yet.
     */
    async pendienteDe(empresaId: number) {
      const [e] = await db
        .select({ aceptadas: empresas.condicionesAceptadas })
        .from(empresas)
        .where(eq(empresas.id, empresaId));
      if (!e) throw notFound();
      if (e.aceptadas) throw new AppError(400, 'El contrato ya está firmado');
      const [c] = await db
        .select()
        .from(contratos)
        .where(and(eq(contratos.empresaId, empresaId), sql`${contratos.Estado} <> 'firmado'`))
        .orderBy(desc(contratos.Id))
        .limit(1);
      if (c) return c;
      const creado = await this.generarPara(empresaId);
      return contratoDe(empresaId, creado.contratoId);
    },

    /** The pending contract as a draft PDF (what the owner signs from the 'Aviso Legal'). */
    async pdfPendiente(empresaId: number) {
      const c = await this.pendienteDe(empresaId);
      return contratoPdf({ titulo: c.Titulo, html: c.Texto, marca: 'BORRADOR PENDIENTE DE FIRMA' });
    },

    /** A new code for the pending contract, to the address it was made for (throttled like the link's resend). */
    async codigoPendiente(empresaId: number) {
      return codigoNuevo(await this.pendienteDe(empresaId));
    },

    /** The owner signs the pending contract from the signed-in session, with the code e-mailed to them. */
    async firmarPendiente(empresaId: number, firma: Firma, ip: string, agente: string) {
      return firmarContrato(await this.pendienteDe(empresaId), firma, ip, agente);
    },

    /** The company's contracts (admusuarios/listcontratos). */
    async lista(empresaId: number) {
      const Items = await db
        .select({
          Id: contratos.Id,
          Version: contratos.Version,
          Titulo: contratos.Titulo,
          Estado: contratos.Estado,
          Plan: contratos.Plan,
          Email: contratos.Email,
          Firmante: contratos.Firmante,
          Firmado: contratos.Firmado,
          Ip: contratos.Ip,
          Hash: contratos.Hash,
          Enviado: contratos.Enviado,
          Creado: contratos.Creado,
        })
        .from(contratos)
        .where(eq(contratos.empresaId, empresaId))
        .orderBy(desc(contratos.Id));
      return { Items, Total: Items.length, TotalLimitado: false };
    },

    /** The contract as PDF: the stored signed one, or the draft; `copia` marks the client's copy. */
    async pdf(empresaId: number, id: number, copia = false) {
      const c = await contratoDe(empresaId, id);
      if (c.Pdf && !copia) return c.Pdf;
      return contratoPdf({
        titulo: c.Titulo,
        html: c.Texto,
        marca: copia ? 'COPIA PARA EL CLIENTE' : 'BORRADOR PENDIENTE DE FIRMA',
        evidencias: evidencias(c),
      });
    },

    async firmadoDe(empresaId: number) {
      const [c] = await db
        .select()
        .from(contratos)
        .where(and(eq(contratos.empresaId, empresaId), eq(contratos.Estado, 'firmado')))
        .orderBy(desc(contratos.Id))
        .limit(1);
      if (!c?.Pdf) throw new AppError(404, 'La empresa no tiene ningún contrato firmado');
      return c;
    },

    /** The evidence certificate alone (vercertificado): the signature data and the signed PDF's SHA-256. */
    async certificado(empresaId: number) {
      const c = await this.firmadoDe(empresaId);
      const ev = evidencias(c)!;
      return contratoPdf({
        titulo: c.Titulo,
        html: '',
        soloEvidencias: true,
        marca: `Huella SHA-256 del contrato firmado: ${c.Hash}`,
        evidencias: ev,
      });
    },

    /** The data-processing agreement (RGPD art. 28) with the company's data (verenctratamiento). */
    async encargoTratamiento(empresaId: number) {
      const { datos } = await datosDe(db, empresaId, await titularDe(db, empresaId));
      return contratoPdf({
        titulo: 'Acuerdo de encargo del tratamiento',
        html: rellenarContrato(ENCARGO_TRATAMIENTO, datos),
      });
    },
  };
}

class NombreOcupado extends Error {}

/** An address shown to whoever holds a link or a session, not spelled out: 'de***@faro.local'. */
export function enmascararEmail(email: string): string {
  const [user, dom] = email.split('@');
  return `${(user ?? '').slice(0, 2)}***@${dom ?? ''}`;
}

/** Only the company's owner signs its contract. */
export const SOLO_PROPIETARIO_FIRMA = 'Solo el propietario de la empresa puede firmar el contrato';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawn signature's PNG bytes (null when the signer only typed the name); anything else than a PNG is a 400. */
function trazoPng(dataUrl: string | undefined): Buffer | null {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 67 || !bytes.subarray(0, 8).equals(PNG))
    throw fieldError('Trazo', 'La firma dibujada no es una imagen PNG válida');
  return bytes;
}

export type ContratosRepo = ReturnType<typeof contratosRepo>;
