import { contratacionSchema, esMejora, firmaSchema, PLAN_CODIGOS, PLANES, planDe } from '@faro/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { enmascararEmail, SOLO_PROPIETARIO_FIRMA } from '../../platform/admin/contratos.ts';
import { cuerpo, param, pdf, propietarioDe, textParam } from '../../platform/admin/http.ts';
import { plataforma } from '../../platform/admin/index.ts';
import { access } from '../../platform/auth/access.ts';
import { limitesAlta } from '../../platform/auth/altas.ts';
import { companyCtx } from '../../platform/auth/guard.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hoyEspana } from '../formacion/comun.ts';
import { contratoEnviado, enviarCodigo, enviarContrato, enviarNombreOcupado } from './correo.ts';
import { facturarCuota, pdfCuota } from './cuotas.ts';

const periodoBody = z.object({
  Periodo: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El periodo debe tener el formato aaaa-mm' }),
});

/**
 * Contracting and subscription: the public contracting flow (registro/nuevacontratacion, then the
 * contract signed with the typed name and a one-time code by e-mail), the signed contract, data-processing agreement
 * and evidence certificate as PDFs (usuario/vercontratofirmado, verenctratamiento, vercertificado), and the
 * company's plan (contratado).
 */
export const contratacionModule: AreaModule = (app, deps) => {
  const p = plataforma(deps);
  const tags = ['contratacion'];
  const open = { config: { access: access.public }, schema: { tags } };
  const reg = '/api/usuarios/registro';
  const altas = limitesAlta(deps.database.db, deps.config.now ?? Date.now);

  app.get(`${reg}/planes`, open, () => ({ Items: PLANES, Total: PLANES.length, TotalLimitado: false }));

  // A taken user name gets the answer of a free one (only the e-mail says it is taken): the signing link travels only
  // by e-mail, never in the answer.
  app.post(`${reg}/nuevacontratacion`, open, async (request, reply) => {
    const body = cuerpo(contratacionSchema, request.body);
    await altas.comprobar(request.ip, body.Email);
    const creado = await p.contratos.nuevaContratacion(body);
    if (creado) await enviarContrato(deps, creado);
    else await enviarNombreOcupado(deps, body);
    return reply.code(201).send({ Mensaje: contratoEnviado(body.Email) });
  });
  app.get(`${reg}/contrato/:token`, open, (request) => p.contratos.vista(textParam(request, 'token')));
  app.get(`${reg}/contrato/:token/pdf`, open, async (request, reply) =>
    pdf(reply, await p.contratos.pdfPorToken(textParam(request, 'token')), 'contrato.pdf'),
  );
  app.post(`${reg}/contrato/:token/codigo`, open, async (request) => {
    const { otp, email } = await p.contratos.otraVezCodigo(textParam(request, 'token'));
    await enviarCodigo(deps, email, otp);
    return { Mensaje: 'Te hemos enviado un código nuevo' };
  });
  app.post(`${reg}/contrato/:token/firmar`, open, async (request) => {
    const firma = cuerpo(firmaSchema, request.body);
    const agente = String(request.headers['user-agent'] ?? '');
    const r = await p.contratos.firmar(textParam(request, 'token'), firma, request.ip, agente);
    return { ...r, Mensaje: 'El contrato se ha firmado correctamente. Ya puedes iniciar sesión' };
  });

  // --- the company's contract, data-processing agreement, plan and fee invoices: its configuration's readers only
  // (owners and whoever holds ConfEmpresa), never portal users (students, tutors, time-clock-only members). The
  // documents and the plan stay readable before signing: they are what the 'Aviso Legal' asks to read. ---
  const lectores = { config: { access: access.permission('ConfEmpresa', 1) }, schema: { tags } };
  const antesDeFirmar = { config: { access: access.beforeTerms(lectores.config.access) }, schema: { tags } };
  // Changing the plan: the owner (propietarioDe), whatever their profile says.
  const company = { config: { access: access.company }, schema: { tags } };
  const u = '/api/usuarios/usuario';
  app.get(`${u}/vercontratofirmado`, antesDeFirmar, async (request, reply) => {
    const c = await p.contratos.firmadoDe(companyCtx(request).empresa.id);
    return pdf(reply, c.Pdf!, 'contrato-firmado.pdf');
  });
  app.get(`${u}/verenctratamiento`, antesDeFirmar, async (request, reply) =>
    pdf(reply, await p.contratos.encargoTratamiento(companyCtx(request).empresa.id), 'encargo-tratamiento.pdf'),
  );
  app.get(`${u}/vercertificado`, antesDeFirmar, async (request, reply) =>
    pdf(reply, await p.contratos.certificado(companyCtx(request).empresa.id), 'certificado-firma.pdf'),
  );

  // --- the 'Aviso Legal' of an unsigned company: read the pending contract, and its owner asks for a code and signs
  // from the session (the same contract, limits and evidence as the e-mailed link) ---
  const firmaPropietario = { config: { access: access.beforeTerms(access.company) }, schema: { tags } };
  const propietarioQueFirma = (request: FastifyRequest) => {
    const ctx = companyCtx(request);
    if (!ctx.miembro?.propietario) throw new AppError(403, SOLO_PROPIETARIO_FIRMA);
    return ctx;
  };
  app.get(`${u}/contratopendiente/pdf`, antesDeFirmar, async (request, reply) =>
    pdf(reply, await p.contratos.pdfPendiente(companyCtx(request).empresa.id), 'contrato.pdf'),
  );
  app.post(`${u}/contratopendiente/codigo`, firmaPropietario, async (request) => {
    const ctx = propietarioQueFirma(request);
    const { otp, email } = await p.contratos.codigoPendiente(ctx.empresa.id);
    await enviarCodigo(deps, email, otp);
    return { Mensaje: `Te hemos enviado el código a ${enmascararEmail(email)}` };
  });
  app.post(`${u}/contratopendiente/firmar`, firmaPropietario, async (request) => {
    const ctx = propietarioQueFirma(request);
    const firma = cuerpo(firmaSchema, request.body);
    const agente = String(request.headers['user-agent'] ?? '');
    const r = await p.contratos.firmarPendiente(ctx.empresa.id, firma, request.ip, agente);
    return { ...r, Mensaje: 'El contrato se ha firmado correctamente' };
  });

  // --- contratado: the current plan and services; the owner changes them ---
  app.get(`${u}/contratado`, antesDeFirmar, async (request) => {
    const ctx = companyCtx(request);
    const e = await p.empresas.edit(ctx.empresa.id);
    const contratos = await p.contratos.lista(ctx.empresa.id);
    return {
      Plan: e.Plan,
      PlanSiguiente: e.PlanSiguiente,
      Usuarios: e.Usuarios,
      Centros: e.Centros,
      NumUsuarios: e.NumUsuarios,
      Modulos: ctx.modulos,
      EntidadPruebas: ctx.empresa.entidadPruebas,
      Propietario: !!ctx.miembro?.propietario,
      Planes: PLANES,
      Facturas: await p.cuotas.lista(ctx.empresa.id),
      Contratos: contratos.Items.map(({ Id, Titulo, Estado, Firmado, Hash }) => ({
        Id,
        Titulo,
        Estado,
        Firmado,
        Hash,
      })),
    };
  });
  app.get(`${u}/contratado/factura/:periodo`, lectores, async (request, reply) => {
    const periodo = textParam(request, 'periodo');
    const contenido = await pdfCuota(deps, p, companyCtx(request).empresa.id, periodo);
    return pdf(reply, contenido, `cuota-${periodo.replace(/[^\d-]/g, '')}.pdf`);
  });
  // The platform company issues a company's monthly fee invoice through its own sales engine (administrators).
  app.post(
    '/api/usuarios/administrador/admempresas/facturarcuota/:id',
    { config: { access: access.admin }, schema: { tags } },
    async (request, reply) => {
      const { Periodo } = cuerpo(periodoBody, request.body);
      const now = deps.config.now ?? Date.now;
      const r = await facturarCuota(deps, p, param(request, 'id'), Periodo, hoyEspana(new Date(now())));
      return reply
        .code(201)
        .send({ ...r, Mensaje: `Factura ${r.NumSerie ?? ''} de la cuota emitida`.replace('  ', ' ') });
    },
  );
  app.put(`${u}/contratado`, company, async (request) => {
    const ctx = propietarioDe(request);
    const { Plan } = cuerpo(z.object({ Plan: z.enum(PLAN_CODIGOS) }), request.body);
    const e = await p.empresas.edit(ctx.empresa!.id);
    const plan = planDe(Plan)!;
    if (Plan === e.Plan) return { Mensaje: 'Ya tienes ese plan' };
    if (esMejora(String(e.Plan), Plan)) {
      const modulos = { ...(e.Modulos as Record<string, boolean>) };
      for (const m of plan.Modulos) modulos[m] = true;
      await p.empresas.save(ctx.empresa!.id, {
        Nombre: String(e.Nombre),
        NIF: String(e.NIF),
        TipoCuenta: String(e.TipoCuenta),
        Plan,
        Modulos: modulos,
        Usuarios: plan.Usuarios,
        Centros: plan.Centros,
      });
      return { Mensaje: `Tu plan es ahora ${plan.Nombre}` };
    }
    await p.empresas.planSiguiente(ctx.empresa!.id, Plan);
    return { Mensaje: `El cambio al plan ${plan.Nombre} se aplicará al final del periodo` };
  });
};
