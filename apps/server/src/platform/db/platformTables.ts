import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
const empresaId = () =>
  bigint('empresa_id', { mode: 'number' })
    .notNull()
    .references(() => empresas.id);

/** Companies (the tenants). Module flags and the rest of the company context live here. */
export const empresas = pgTable(
  'empresas',
  {
    id: id().primaryKey(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    nif: text('nif').notNull().default(''),
    tipoCuenta: text('tipo_cuenta').notNull().default('general'),
    entidadPruebas: boolean('entidad_pruebas').notNull().default(true),
    condicionesAceptadas: boolean('condiciones_aceptadas').notNull().default(false),
    actAues: boolean('act_aues').notNull().default(false),
    modulos: jsonb('modulos').$type<Record<string, boolean>>().notNull().default({}),
    tipoFacturaElectronica: text('tipo_factura_electronica').notNull().default('verifactu'),
    tributacion: text('tributacion').notNull().default('peninsula'),
    recargoEquivalencia: boolean('recargo_equivalencia').notNull().default(false),
    direccionEnvioDefecto: boolean('direccion_envio_defecto').notNull().default(false),
    decimalesRedondeo: integer('decimales_redondeo').notNull().default(2),
    digitosContables: integer('digitos_contables').notNull().default(10),
    cuentaCompras: text('cuenta_compras').notNull().default('6000000000'),
    cuentaGastos: text('cuenta_gastos').notNull().default('6290000000'),
    cuentaVentasProductos: text('cuenta_ventas_productos').notNull().default('7000000000'),
    cuentaVentasServicios: text('cuenta_ventas_servicios').notNull().default('7050000000'),
    versionApi: text('version_api').notNull().default('1'),
    versionApiVentas: text('version_api_ventas').notNull().default('1'),
    recursosRestringidos: jsonb('recursos_restringidos').$type<string[]>().notNull().default([]),
    denegados: jsonb('denegados').$type<string[]>().notNull().default([]),
    logo: text('logo'),
    // Company data of the `empresa` screen; nullable, filled by the company itself.
    nombreComercial: text('nombre_comercial'),
    registroMercantil: text('registro_mercantil'),
    direccion: text('direccion'),
    codPostal: text('cod_postal'),
    poblacion: text('poblacion'),
    provincia: text('provincia'),
    pais: text('pais'),
    telefono: text('telefono'),
    email: text('email'),
    web: text('web'),
    datosEmpresa: text('datos_empresa').notNull().default(''),
    polDevoluciones: text('pol_devoluciones').notNull().default(''),
    creada: ts('creada').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('empresas_codigo_uq').on(t.codigo)],
);

/** People who sign in (global: one UserName across companies). Platform admins have esAdmin. */
export const personas = pgTable(
  'personas',
  {
    id: id().primaryKey(),
    userName: text('user_name').notNull(),
    nombre: text('nombre').notNull(),
    apellido1: text('apellido1'),
    apellido2: text('apellido2'),
    nombreComercial: text('nombre_comercial'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmado: boolean('email_confirmado').notNull().default(true),
    esAdmin: boolean('es_admin').notNull().default(false),
    fallosLogin: integer('fallos_login').notNull().default(0),
    bloqueado: boolean('bloqueado').notNull().default(false),
    /** Temporary sign-in lock after too many failures: it ends by itself (never ends open sessions). */
    bloqueadoHasta: ts('bloqueado_hasta'),
    /** Last failed sign-in (the per-account back-off counts from it). */
    ultimoFallo: ts('ultimo_fallo'),
    ultimaEmpresaId: bigint('ultima_empresa_id', { mode: 'number' }),
    creada: ts('creada').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('personas_user_name_uq').on(sql`lower(${t.userName})`)],
);

/** A person's membership of a company: roles, profile, flags. */
export const miembros = pgTable(
  'miembros',
  {
    empresaId: empresaId(),
    id: id(),
    personaId: bigint('persona_id', { mode: 'number' })
      .notNull()
      .references(() => personas.id),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    propietario: boolean('propietario').notNull().default(false),
    idPerfil: bigint('id_perfil', { mode: 'number' }),
    codigoEmpleado: text('codigo_empleado'),
    fichajeActivo: boolean('fichaje_activo').notNull().default(false),
    soloFichaje: boolean('solo_fichaje').notNull().default(false),
    baja: boolean('baja').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'miembros_pk', columns: [t.empresaId, t.id] }),
    uniqueIndex('miembros_persona_uq').on(t.empresaId, t.personaId),
    index('miembros_persona_idx').on(t.personaId),
  ],
);

/** Advisory firms (empresaId, an asesoria company) and the client companies they serve. */
export const asesoriaClientes = pgTable(
  'asesoria_clientes',
  {
    empresaId: empresaId(),
    clienteEmpresaId: bigint('cliente_empresa_id', { mode: 'number' })
      .notNull()
      .references(() => empresas.id),
  },
  (t) => [primaryKey({ name: 'asesoria_clientes_pk', columns: [t.empresaId, t.clienteEmpresaId] })],
);

/**
 * Refresh-token families. Each refresh creates a row in the same family and marks the previous one used; a used
 * token presented again revokes the whole family (theft detection). Access tokens name their family.
 */
export const sesiones = pgTable(
  'sesiones',
  {
    id: id().primaryKey(),
    familia: text('familia').notNull(),
    personaId: bigint('persona_id', { mode: 'number' })
      .notNull()
      .references(() => personas.id),
    empresaId: bigint('empresa_id', { mode: 'number' }).references(() => empresas.id),
    idCliente: text('id_cliente').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    expira: ts('expira').notNull(),
    usada: ts('usada'),
    revocada: ts('revocada'),
    creada: ts('creada').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sesiones_refresh_uq').on(t.refreshHash), index('sesiones_familia_idx').on(t.familia)],
);

/** Single-use e-mailed links: password recovery ('recupera') and sign-up confirmation ('confirma'). */
export const enlacesEmail = pgTable(
  'enlaces_email',
  {
    id: id().primaryKey(),
    personaId: bigint('persona_id', { mode: 'number' })
      .notNull()
      .references(() => personas.id),
    tipo: text('tipo').notNull(),
    tokenHash: text('token_hash').notNull(),
    expira: ts('expira').notNull(),
    usado: ts('usado'),
  },
  (t) => [uniqueIndex('enlaces_email_token_uq').on(t.tokenHash)],
);

/** Every e-mail the platform sends; with no SMTP configured this is the outbox itself. */
export const correosSalida = pgTable('correos_salida', {
  id: id().primaryKey(),
  para: text('para').notNull(),
  asunto: text('asunto').notNull(),
  texto: text('texto').notNull(),
  enviado: ts('enviado'),
  error: text('error'),
  creado: ts('creado').notNull().defaultNow(),
});

/**
 * Stored responses of mutating requests sent with an Idempotency-Key, per company (0: a request outside any
 * company): `ruta` is the method and the concrete path ('POST /api/ventas/fventa/emitir/200'), `huella_cuerpo` the
 * SHA-256 of the body; `estado` 0 while the first request is under way.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    empresaId: bigint('empresa_id', { mode: 'number' }).notNull().default(0),
    personaId: bigint('persona_id', { mode: 'number' }).notNull(),
    clave: text('clave').notNull(),
    ruta: text('ruta').notNull(),
    huellaCuerpo: text('huella_cuerpo').notNull(),
    estado: integer('estado').notNull(),
    respuesta: jsonb('respuesta'),
    creado: ts('creado').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotencia_pk', columns: [t.empresaId, t.clave] })],
);

/**
 * Sign-in and address limits shared by every server process (platform, no company): one row per key
 * ('ip:login:…', 'fuente:…', 'nombre:…'). `marcas` are the recent attempt times (ms, the newest few only) of a
 * sliding window; `fallos`/`ultimo_fallo`/`bloqueado_hasta` (ms) the series and lock of a user name that matches no
 * account (known accounts keep theirs in `personas`). Times come from the app's clock (tests move it forward).
 */
export const limitesAcceso = pgTable(
  'limites_acceso',
  {
    clave: text('clave').primaryKey(),
    marcas: bigint('marcas', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    fallos: integer('fallos').notNull().default(0),
    ultimoFallo: bigint('ultimo_fallo', { mode: 'number' }),
    bloqueadoHasta: bigint('bloqueado_hasta', { mode: 'number' }),
    actualizado: ts('actualizado').notNull().defaultNow(),
  },
  (t) => [index('limites_acceso_actualizado_idx').on(t.actualizado)],
);

/** Time-clock entries: append-only (a correction is a new entry naming the one it corrects). */
export const fichajes = pgTable(
  'fichajes',
  {
    empresaId: empresaId(),
    id: id(),
    personaId: bigint('persona_id', { mode: 'number' })
      .notNull()
      .references(() => personas.id),
    fecha: ts('fecha').notNull().defaultNow(),
    tipo: text('tipo').notNull(),
    estado: text('estado').notNull(),
    motivoPausa: text('motivo_pausa'),
    latitud: numeric('latitud', { precision: 9, scale: 6 }),
    longitud: numeric('longitud', { precision: 9, scale: 6 }),
    origen: text('origen').notNull().default('w'),
    corrigeId: bigint('corrige_id', { mode: 'number' }),
    // modules/rrhh/cadena.ts: arrival time, where from, offline flag and client id, the hash chain.
    registrado: ts('registrado').notNull().defaultNow(),
    ip: text('ip'),
    dispositivo: text('dispositivo'),
    offline: boolean('offline').notNull().default(false),
    idCliente: text('id_cliente'),
    huella: text('huella'),
    huellaAnterior: text('huella_anterior'),
  },
  (t) => [
    primaryKey({ name: 'fichajes_pk', columns: [t.empresaId, t.id] }),
    index('fichajes_persona_fecha_idx').on(t.empresaId, t.personaId, t.fecha, t.id),
    uniqueIndex('fichajes_cliente_uq').on(t.empresaId, t.personaId, t.idCliente),
  ],
);

/** Platform settings (the token secret generated on first start). */
export const ajustes = pgTable('ajustes', {
  clave: text('clave').primaryKey(),
  valor: text('valor').notNull(),
});

// Jobs and mail attachments read their instants as ISO strings and their bytes as a Buffer.
const instanteTexto = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const byteaBuffer = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Background jobs (platform/jobs): one row per named job with its schedule. `proxima_ejecucion` survives restarts;
 * the runner holds a PostgreSQL advisory lock while it runs, so one runner at a time executes a job.
 */
export const trabajos = pgTable('trabajos', {
  nombre: text('nombre').primaryKey(),
  intervaloSegundos: integer('intervalo_segundos').notNull(),
  proximaEjecucion: instanteTexto('proxima_ejecucion').notNull().defaultNow(),
  ultimaEjecucion: instanteTexto('ultima_ejecucion'),
  ultimaDuracionMs: integer('ultima_duracion_ms'),
  ultimoResultado: text('ultimo_resultado'),
  ultimoError: text('ultimo_error'),
  ejecuciones: integer('ejecuciones').notNull().default(0),
});

/** Attachments of outbox mails (the platform mailer stores them beside `correos_salida`). */
export const correosSalidaAdjuntos = pgTable(
  'correos_salida_adjuntos',
  {
    correoId: bigint('correo_id', { mode: 'number' })
      .notNull()
      .references(() => correosSalida.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    contenido: byteaBuffer('contenido').notNull(),
  },
  (t) => [primaryKey({ name: 'correos_salida_adjuntos_pk', columns: [t.correoId, t.orden] })],
);
