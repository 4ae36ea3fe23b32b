import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { empresas, personas } from '../platform/db/platformTables.ts';
import { diaMas } from '../platform/fechas.ts';
import { companyScope } from '../platform/tenancy/scope.ts';
import {
  clientespotTable,
  clientesTable,
  col,
  crmActividades,
  crmAvisos,
  crmEmbudos,
  crmFases,
  crmOportunidades,
  mkCampanas,
  mkMensajes,
  mkSegmentosReglas,
  segmentacionTable,
} from '../platform/tenancy/tables.ts';

/**
 * DEMO data of CRM, agenda, marketing, notifications: a sales funnel with opportunities in every phase
 * (and a won and a lost one), activities of the demo user around today, an e-mail campaign already sent to a
 * segment of customers, and a few notifications. Set-based: a handful of multi-row statements.
 */
export async function seedDemoCrm(db: Db, hoy: string): Promise<void> {
  const [e] = await db.select({ id: empresas.id }).from(empresas).where(eq(empresas.codigo, 'DEMO'));
  const [p] = await db.select({ id: personas.id }).from(personas).where(eq(personas.userName, 'demo'));
  if (!e || !p) return;
  const s = companyScope(db, { empresaId: e.id, personaId: p.id, userName: 'demo' });
  const clientes = await s
    .pick(
      { Id: col(clientesTable, 'Id'), Nombre: col(clientesTable, 'Nombre'), Email: col(clientesTable, 'Email') },
      clientesTable,
    )
    .limit(8);
  const potenciales = await s.pick({ Id: col(clientespotTable, 'Id') }, clientespotTable).limit(3);
  if (clientes.length < 4) return;
  const [embudo] = await s.insert(crmEmbudos, { Nombre: 'Ventas a empresas' }).returning({ Id: crmEmbudos.Id });
  const IdEmbudo = embudo!.Id;
  const fases = [
    ['Contacto inicial', 10],
    ['Necesidades', 25],
    ['Propuesta enviada', 50],
    ['Negociación', 75],
  ] as const;
  await s.insert(
    crmFases,
    fases.map(([Nombre, Probabilidad], i) => ({ IdEmbudo, Linea: i + 1, Nombre, Probabilidad })),
  );
  const titulos = [
    'Renovación de equipos de oficina',
    'Mantenimiento anual',
    'Ampliación de licencias',
    'Instalación en nueva sede',
    'Formación del personal',
    'Suministro trimestral',
    'Proyecto de digitalización',
    'Cambio de proveedor de material',
    'Servicio de soporte 24 h',
  ];
  const contactos = [
    ...clientes.map((c) => ({ TipoContacto: 'c', IdContacto: Number(c.Id) })),
    ...potenciales.map((c) => ({ TipoContacto: 'p', IdContacto: Number(c.Id) })),
  ];
  const ops = await s
    .insert(
      crmOportunidades,
      titulos.map((Titulo, i) => ({
        IdEmbudo,
        LinFaseEmbudo: (i % 4) + 1,
        ...contactos[i % contactos.length]!,
        Titulo,
        Importe: 1500 + i * 1250,
        FechaCierre: diaMas(hoy, 7 + i * 5),
        Probabilidad: i % 3,
        Estado: i === 7 ? 1 : i === 8 ? 2 : 0,
        MotivoPerdida: i === 8 ? 'Precio por encima del presupuesto del cliente' : null,
      })),
    )
    .returning({
      Id: crmOportunidades.Id,
      TipoContacto: crmOportunidades.TipoContacto,
      IdContacto: crmOportunidades.IdContacto,
    });
  const tipos = ['llamada', 'reunion', 'tarea', 'mensaje', 'otros'];
  await s.insert(
    crmActividades,
    ops.slice(0, 7).map((o, i) => ({
      Tipo: tipos[i % tipos.length]!,
      Asunto: `${['Llamar a', 'Reunión con', 'Preparar oferta para', 'Enviar catálogo a', 'Seguimiento de'][i % 5]} ${titulos[i]!.toLowerCase()}`,
      Inicio: `${diaMas(hoy, i - 2)}T${String(8 + i).padStart(2, '0')}:00:00+01:00`,
      Fin: `${diaMas(hoy, i - 2)}T${String(9 + i).padStart(2, '0')}:00:00+01:00`,
      IdResponsable: p.id,
      IdOportunidad: o.Id,
      TipoContacto: o.TipoContacto,
      IdContacto: o.IdContacto,
      Hecha: i < 2,
    })),
  );
  // A segment of customers and a campaign already sent to it.
  const [seg] = await s
    .insert(segmentacionTable, { Codigo: 'CLIENTES', Descripcion: 'Clientes con correo' })
    .returning({ Id: col(segmentacionTable, 'Id') });
  const IdSegmentacion = Number(seg!.Id);
  await s.insert(mkSegmentosReglas, { IdSegmentacion, TipoContacto: 'c' });
  const enviada = `${diaMas(hoy, -3)}T10:00:00+01:00`;
  const [camp] = await s
    .insert(mkCampanas, {
      Canal: 'email',
      Nombre: 'Novedades de otoño',
      Asunto: 'Novedades para {Nombre}',
      Cuerpo: '<p>Hola {Nombre}, te presentamos las novedades de la temporada.</p>',
      IdSegmentacion,
      Estado: 'enviada',
      Encolada: enviada,
    })
    .returning({ Id: mkCampanas.Id });
  const conCorreo = clientes.filter((c) => c.Email);
  if (conCorreo.length) {
    await s.insert(
      mkMensajes,
      conCorreo.map((c, i) => ({
        IdCampana: camp!.Id,
        Canal: 'email',
        TipoContacto: 'c',
        IdContacto: Number(c.Id),
        Nombre: String(c.Nombre),
        Destino: String(c.Email),
        Estado: i === conCorreo.length - 1 ? 3 : 2,
        Error: i === conCorreo.length - 1 ? '550 Buzón inexistente' : null,
        Intentos: 1,
        ProximoIntento: enviada,
        Procesado: enviada,
      })),
    );
  }
  await s.insert(crmAvisos, [
    {
      Prioridad: 'a',
      Titulo: 'Bienvenido a las notificaciones',
      Texto: 'Aquí verás facturas vencidas, stock bajo mínimo y recordatorios.',
      Clave: 'demo-bienvenida',
    },
    {
      IdPersona: p.id,
      Prioridad: 'm',
      Titulo: `Recordatorio: ${titulos[2]}`,
      Enlace: '/usuario/agenda',
      Clave: 'demo-recordatorio',
    },
    {
      Prioridad: 'i',
      Origen: 'm',
      Titulo: 'Campaña «Novedades de otoño» enviada',
      Enlace: `/correos/editar/${camp!.Id}`,
      Clave: 'demo-campana',
    },
  ]);
}
