import { sql } from 'drizzle-orm';
import { PLANTILLA_DEFECTO } from '../platform/admin/contratos.ts';
import type { Db } from '../platform/db/database.ts';

/**
 * DEMO data of platform administration, advisory firms, contracting. Set-based inserts only (a handful of statements): the whole
 * first start must stay within seconds. Plans of the demo companies, the contract template (version 1),
 * video tutorials, the product version, a notice for every user, the advisory firm's profile and a pending request
 * from PENDIENTE to ASESORIA.
 */
export async function seedDemoPlataforma(db: Db, hoy: string): Promise<void> {
  await db.execute(sql`
    insert into suscripciones (empresa_id, plan, usuarios, centros, referencia_pago)
    select id, case codigo when 'DEMO' then 'empresa' when 'DEMO2' then 'basico' else 'profesional' end,
      case codigo when 'DEMO' then 10 when 'DEMO2' then 1 else 3 end, 2, 'FARO-' || codigo || '-' || lpad(id::text, 6, '0')
    from empresas on conflict do nothing`);
  await db.execute(sql`
    insert into contrato_plantillas (version, titulo, cuerpo, autor)
    values (1, ${PLANTILLA_DEFECTO.Titulo}, ${PLANTILLA_DEFECTO.Cuerpo}, 'admin') on conflict do nothing`);
  await db.execute(sql`
    insert into videos_categorias (nombre, orden) values ('Primeros pasos', 1), ('Ventas y facturación', 2), ('Academias y autoescuelas', 3)`);
  await db.execute(sql`
    insert into videos (id_categoria, titulo, descripcion, url, tipos_cuenta, orden)
    select c.id, v.titulo, v.descripcion, v.url, v.tipos::jsonb, v.orden
    from (values
      ('Primeros pasos', 'Configurar la empresa', 'Datos de la empresa, series y formas de pago', 'https://videos.faro.example/configurar-empresa', '[]', 1),
      ('Primeros pasos', 'Usuarios y perfiles', 'Dar de alta usuarios y decidir qué puede hacer cada uno', 'https://videos.faro.example/usuarios', '[]', 2),
      ('Ventas y facturación', 'Emitir una factura con VeriFactu', 'Del presupuesto a la factura emitida y su registro', 'https://videos.faro.example/factura-verifactu', '["general","academia","autoescuela","odontologia"]', 1),
      ('Academias y autoescuelas', 'Matricular un alumno', 'Ficha, tutores y cargos mensuales', 'https://videos.faro.example/matricula', '["academia","autoescuela"]', 1)
    ) as v(categoria, titulo, descripcion, url, tipos, orden)
    join videos_categorias c on c.nombre = v.categoria`);
  await db.execute(sql`
    insert into versiones (version, fecha, notas) values
      ('1.0.0', ${hoy}, ${'Primera versión de Faro: ventas con VeriFactu, compras, tesorería, CRM, fichaje, academias y autoescuelas.'})
    on conflict do nothing`);
  await db.execute(sql`
    with aviso as (
      insert into avisos_plataforma (titulo, texto, prioridad, autor, destinatarios)
      values ('Bienvenida a Faro', 'Tienes vídeos de ayuda en Videotutoriales, en el menú de usuario.', 'i', 'admin', 0)
      returning id)
    insert into avisos_usuarios (empresa_id, persona_id, id_aviso)
    select m.empresa_id, m.persona_id, aviso.id from miembros m, aviso where not m.baja`);
  await db.execute(
    sql`update avisos_plataforma set destinatarios = (select count(*) from avisos_usuarios a where a.id_aviso = avisos_plataforma.id)`,
  );
  await db.execute(sql`
    insert into asesoria_perfil (empresa_id, provincia, especialidades, descripcion, nivel_defecto)
    select id, '28', '["Fiscal","Contable","Laboral"]'::jsonb, 'Asesoría fiscal, contable y laboral para pymes y autónomos.', 1
    from empresas where codigo = 'ASESORIA' on conflict do nothing`);
  // The demo firm keeps DEMO's books and files its taxes (level 3 there); on any other client it only reads.
  await db.execute(sql`
    insert into asesoria_niveles (empresa_id, cliente_empresa_id, nivel)
    select a.empresa_id, a.cliente_empresa_id, case when f.codigo = 'ASESORIA' and c.codigo = 'DEMO' then 3 else 1 end
    from asesoria_clientes a join empresas f on f.id = a.empresa_id join empresas c on c.id = a.cliente_empresa_id
    on conflict do nothing`);
  await db.execute(sql`
    insert into asesoria_solicitudes (empresa_id, id_solicitante, solicitante, mensaje)
    select f.id, c.id, c.nombre, 'Buscamos asesoría fiscal y laboral para el próximo trimestre.'
    from empresas f, empresas c where f.codigo = 'ASESORIA' and c.codigo = 'PENDIENTE'`);
}
