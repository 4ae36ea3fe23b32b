import {
  ACCOUNT_TYPES,
  formatAmount,
  formatNumber,
  MODULE_FLAG_LIST,
  MODULE_FLAGS,
  PASSWORD_HINT,
  PLANES,
  TIPOS_CUENTA_TEXTO,
  type TipoCuenta,
} from '@faro/domain';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonPdf, bytes, fecha, fechaHora, Pagina, Paginas, SiNo, Tabla, useLista } from '../comun.tsx';

const ADM = 'usuarios/administrador';
const TIPOS = ACCOUNT_TYPES.map((t) => ({ value: t, label: TIPOS_CUENTA_TEXTO[t] }));
const PLANES_OPC = PLANES.map((p) => ({
  value: p.Codigo,
  label: `${p.Nombre} (${formatAmount(p.PrecioMes, { decimals: 0 })}/mes)`,
}));
const planNombre = (c: string) => PLANES.find((p) => p.Codigo === c)?.Nombre ?? c;
const errores = (err: unknown) =>
  Object.fromEntries((err instanceof ApiError ? err.fieldErrors : []).map((c) => [c.Campo, c.Mensaje]));

interface EmpresaFila {
  Id: number;
  Codigo: string;
  Nombre: string;
  NIF: string;
  TipoCuenta: TipoCuenta;
  Plan: string;
  EntidadPruebas: boolean;
  /** Issued invoices: while there are any, the company cannot start clean. */
  FacturasEmitidas?: number;
  CondicionesAceptadas: boolean;
  Suspendida: boolean;
  NumUsuarios: number;
  UltimaActividad: string | null;
  Almacenamiento: number;
  Modulos: Record<string, boolean>;
  Usuarios?: number;
  Centros?: number;
}

/** admempresas/lista: every company with its account type, plan, test/production, users, last activity, storage. */
export function EmpresasLista() {
  const navigate = useNavigate();
  const [buscar, setBuscar] = useState('');
  const [tipo, setTipo] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const filtros = JSON.stringify({ Buscar: buscar, TipoCuenta: tipo ?? '' });
  const q = useLista<EmpresaFila>(`${ADM}/admempresas/list`, { Filtros: filtros, Pagina: pagina, TotalPagina: 50 });
  return (
    <Pagina titulo="Empresas" acciones={<Button onClick={() => navigate('/admempresas/nuevo')}>Nueva empresa</Button>}>
      <Group wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Nombre, código o NIF"
          value={buscar}
          onChange={(e) => {
            setBuscar(e.currentTarget.value);
            setPagina(1);
          }}
        />
        <Select label="Tipo de cuenta" data={TIPOS} value={tipo} onChange={setTipo} clearable />
      </Group>
      <Text size="sm" c="dimmed">
        {q.data ? `${formatNumber(q.data.Total, 0)} empresas` : ''}
      </Text>
      <Tabla
        etiqueta="Empresas de la plataforma"
        filas={q.data?.Items}
        clave={(e) => e.Id}
        abrir={(e) => navigate(`/admempresas/editar/${e.Id}`)}
        columnas={[
          { titulo: 'Código', celda: (e) => e.Codigo },
          { titulo: 'Nombre', celda: (e) => e.Nombre },
          { titulo: 'Tipo', celda: (e) => TIPOS_CUENTA_TEXTO[e.TipoCuenta] ?? e.TipoCuenta },
          { titulo: 'Plan', celda: (e) => planNombre(e.Plan) },
          {
            titulo: 'Entorno',
            celda: (e) => <SiNo si={e.EntidadPruebas} textoSi="Pruebas" textoNo="Producción" color="orange" />,
          },
          {
            titulo: 'Estado',
            celda: (e) =>
              e.Suspendida ? (
                <SiNo si textoSi="Suspendida" textoNo="" color="red" />
              ) : (
                <SiNo si={e.CondicionesAceptadas} textoSi="Activa" textoNo="Sin firmar" />
              ),
          },
          { titulo: 'Usuarios', celda: (e) => e.NumUsuarios, numerica: true },
          { titulo: 'Última actividad', celda: (e) => fecha(e.UltimaActividad) },
          { titulo: 'Almacenamiento', celda: (e) => bytes(e.Almacenamiento), numerica: true },
        ]}
      />
      <Paginas total={q.data?.Total ?? 0} pagina={pagina} tam={50} onChange={setPagina} />
    </Pagina>
  );
}

const VACIA = {
  Codigo: '',
  Nombre: '',
  NIF: '',
  TipoCuenta: 'general' as string,
  Plan: 'basico',
  Modulos: {} as Record<string, boolean>,
  Usuarios: 1,
  Centros: 1,
};

/** admempresas/nuevo and admempresas/editar/{id}: the company, its subscription, users and contracts. */
export function EmpresaEditor({ id }: { id: number | null }) {
  const q = useQuery({
    queryKey: ['plataforma', 'empresa', id],
    queryFn: () => api.get<EmpresaFila>(`${ADM}/admempresas/edit/${id}`),
    enabled: id !== null,
  });
  if (id !== null && !q.data) return <Text c="dimmed">Cargando datos...</Text>;
  return <EmpresaForm key={id ?? 'nueva'} id={id} inicial={q.data} />;
}

function EmpresaForm({ id, inicial }: { id: number | null; inicial?: EmpresaFila }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [v, setV] = useState(inicial ? { ...VACIA, ...inicial } : VACIA);
  const [err, setErr] = useState<Record<string, string>>({});
  const [motivo, setMotivo] = useState<string | null>(null);
  const recargar = () => client.invalidateQueries({ queryKey: ['plataforma'] });
  const guardar = async () => {
    setErr({});
    const body = {
      Nombre: v.Nombre,
      NIF: v.NIF,
      TipoCuenta: v.TipoCuenta,
      Plan: v.Plan,
      Modulos: v.Modulos,
      Usuarios: v.Usuarios,
      Centros: v.Centros,
    };
    try {
      if (id === null) {
        const r = await api.post<EmpresaFila>(`${ADM}/admempresas/save`, { ...body, Codigo: v.Codigo });
        notifySuccess('Los datos se han guardado correctamente');
        await recargar();
        navigate(`/admempresas/editar/${r.Id}`);
      } else {
        await api.put(`${ADM}/admempresas/save/${id}`, body);
        notifySuccess('Los datos se han guardado correctamente');
        await recargar();
      }
    } catch (e) {
      setErr(errores(e));
    }
  };
  const [produccion, setProduccion] = useState<null | 'conservar' | 'limpiar'>(null);
  const facturas = inicial?.FacturasEmitidas ?? 0;
  const [mesCuota, setMesCuota] = useState(() => new Date().toISOString().slice(0, 7));
  const accion = async (path: string, body?: unknown) => {
    const r = await api.post<{ Mensaje: string }>(`${ADM}/admempresas/${path}/${id}`, body ?? {});
    notifySuccess(r.Mensaje);
    await recargar();
  };
  return (
    <Pagina
      titulo={id === null ? 'Nueva empresa' : `Empresa ${inicial?.Nombre ?? ''}`}
      acciones={
        <Button variant="default" onClick={() => navigate('/admempresas/lista')}>
          Volver a la lista
        </Button>
      }
    >
      <Card withBorder>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {id === null && (
              <TextInput
                label="Código"
                withAsterisk
                value={v.Codigo}
                error={err.Codigo}
                onChange={(e) => setV({ ...v, Codigo: e.currentTarget.value.toUpperCase() })}
              />
            )}
            <TextInput
              label="Nombre"
              withAsterisk
              value={v.Nombre}
              error={err.Nombre}
              onChange={(e) => setV({ ...v, Nombre: e.currentTarget.value })}
            />
            <TextInput
              label="NIF"
              value={v.NIF}
              error={err.NIF}
              onChange={(e) => setV({ ...v, NIF: e.currentTarget.value })}
            />
            <Select
              label="Tipo de cuenta"
              data={TIPOS}
              value={v.TipoCuenta}
              allowDeselect={false}
              onChange={(t) => t && setV({ ...v, TipoCuenta: t })}
            />
            <Select
              label="Plan"
              data={PLANES_OPC}
              value={v.Plan}
              allowDeselect={false}
              onChange={(p) => p && setV({ ...v, Plan: p })}
            />
            <NumberInput
              label="Usuarios"
              min={1}
              value={v.Usuarios}
              onChange={(n) => setV({ ...v, Usuarios: Number(n) || 1 })}
            />
            <NumberInput
              label="Centros"
              min={1}
              value={v.Centros}
              onChange={(n) => setV({ ...v, Centros: Number(n) || 1 })}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="Módulos"
            value={Object.keys(v.Modulos).filter((k) => v.Modulos[k])}
            onChange={(on) => setV({ ...v, Modulos: Object.fromEntries(on.map((k) => [k, true])) })}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {MODULE_FLAG_LIST.map((m) => (
                <Checkbox key={m} value={m} label={MODULE_FLAGS[m]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group>
            <Button onClick={guardar}>Guardar</Button>
          </Group>
        </Stack>
      </Card>
      {id !== null && inicial && (
        <>
          <Card withBorder>
            <Group gap="sm" wrap="wrap">
              <SiNo si={inicial.EntidadPruebas} textoSi="Entorno de pruebas" textoNo="Producción" color="orange" />
              <SiNo si={inicial.Suspendida} textoSi="Suspendida" textoNo="Activa" color="red" />
              <SiNo si={inicial.CondicionesAceptadas} textoSi="Contrato firmado" textoNo="Contrato sin firmar" />
              {inicial.EntidadPruebas && (
                <Button variant="light" onClick={() => setProduccion('conservar')}>
                  Pasar a producción
                </Button>
              )}
              {inicial.Suspendida ? (
                <Button variant="light" onClick={() => accion('suspender', { Suspendida: false })}>
                  Reactivar
                </Button>
              ) : (
                <Button variant="light" color="red" onClick={() => setMotivo('')}>
                  Suspender
                </Button>
              )}
              <Button variant="light" onClick={() => accion('contrato')}>
                Generar y enviar contrato
              </Button>
            </Group>
            {!inicial.EntidadPruebas && (
              <Group gap="sm" align="flex-end" mt="sm">
                <TextInput
                  type="month"
                  label="Mes de la cuota"
                  value={mesCuota}
                  onChange={(e) => setMesCuota(e.currentTarget.value)}
                />
                <Button variant="light" onClick={() => accion('facturarcuota', { Periodo: mesCuota })}>
                  Facturar la cuota del mes
                </Button>
              </Group>
            )}
          </Card>
          <UsuariosEmpresa empresa={id} />
          <ContratosEmpresa empresa={id} />
        </>
      )}
      <Modal opened={produccion !== null} onClose={() => setProduccion(null)} title="Pasar a producción">
        <Stack>
          <Radio.Group
            label="¿Qué hacemos con los datos de prueba? (lo que haya elegido el propietario)"
            value={produccion ?? 'conservar'}
            onChange={(d) => setProduccion(d as 'conservar' | 'limpiar')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="conservar" label="Conservar los datos de prueba" />
              <Radio
                value="limpiar"
                label="Empezar de cero (se conservan los usuarios, perfiles y centros)"
                disabled={facturas > 0}
              />
            </Stack>
          </Radio.Group>
          {facturas > 0 && (
            <Text size="sm" c="dimmed">
              No se puede empezar de cero: la empresa ya ha emitido {facturas} {facturas === 1 ? 'factura' : 'facturas'}{' '}
              y las facturas emitidas no se pueden borrar (la ley obliga a conservarlas).
            </Text>
          )}
          <Button
            onClick={async () => {
              await accion('produccion', { Datos: produccion });
              setProduccion(null);
            }}
          >
            Pasar a producción
          </Button>
        </Stack>
      </Modal>
      <Modal opened={motivo !== null} onClose={() => setMotivo(null)} title="Suspender la empresa">
        <Stack>
          <TextInput label="Motivo" value={motivo ?? ''} onChange={(e) => setMotivo(e.currentTarget.value)} />
          <Button
            color="red"
            onClick={async () => {
              await accion('suspender', { Suspendida: true, Motivo: motivo });
              setMotivo(null);
            }}
          >
            Suspender
          </Button>
        </Stack>
      </Modal>
    </Pagina>
  );
}

interface UsuarioFila {
  Id: number;
  UserName: string;
  Nombre: string;
  Apellido1: string | null;
  Apellido2: string | null;
  NombreComercial: string | null;
  Email: string;
  Roles: string[];
  Propietario: boolean;
  Bloqueado?: boolean;
}
const ROLES = [
  { value: 'usuario', label: 'Usuario' },
  { value: 'empleado', label: 'Empleado' },
  { value: 'asesoria', label: 'Asesoría' },
  { value: 'profesor', label: 'Profesor' },
  { value: 'reghorario', label: 'Fichaje' },
];

/** The company's users through administrador/admusuarios (spec §7). */
function UsuariosEmpresa({ empresa }: { empresa: number }) {
  const client = useQueryClient();
  const base = `${ADM}/admusuarios`;
  const q = useLista<UsuarioFila>(`${base}/list/${empresa}`);
  const [editando, setEditando] = useState<UsuarioFila | 'nuevo' | null>(null);
  const [clave, setClave] = useState<UsuarioFila | null>(null);
  const recargar = () => client.invalidateQueries({ queryKey: ['plataforma'] });
  const post = async (path: string, body?: unknown) => {
    const r = await api.post<{ Mensaje: string }>(path, body ?? {});
    notifySuccess(r.Mensaje);
    await recargar();
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            Usuarios
          </Title>
          <Button variant="light" onClick={() => setEditando('nuevo')}>
            Nuevo usuario
          </Button>
        </Group>
        <Tabla
          etiqueta="Usuarios de la empresa"
          filas={q.data?.Items}
          clave={(u) => u.Id}
          columnas={[
            { titulo: 'Usuario', celda: (u) => u.UserName },
            { titulo: 'Nombre', celda: (u) => [u.Nombre, u.Apellido1, u.Apellido2].filter(Boolean).join(' ') },
            { titulo: 'Email', celda: (u) => u.Email },
            { titulo: 'Roles', celda: (u) => `${u.Roles.join(', ')}${u.Propietario ? ' (propietario)' : ''}` },
            {
              titulo: 'Bloqueado',
              celda: (u) => <SiNo si={!!u.Bloqueado} textoSi="Bloqueado" textoNo="No" color="red" />,
            },
            {
              titulo: 'Acciones',
              celda: (u) => (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditando(u)}>
                    Editar
                  </Button>
                  {u.Bloqueado && (
                    <Button size="xs" variant="light" onClick={() => post(`${base}/desbloquear/${empresa}/${u.Id}`)}>
                      Desbloquear
                    </Button>
                  )}
                  <Button size="xs" variant="light" onClick={() => setClave(u)}>
                    Cambiar contraseña
                  </Button>
                  {!u.Propietario && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={async () => {
                        const r = await api.del<{ Mensaje: string }>(`${base}/delete/${empresa}/${u.Id}`);
                        notifySuccess(r.Mensaje);
                        await recargar();
                      }}
                    >
                      Eliminar
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      {editando && (
        <UsuarioModal
          empresa={empresa}
          usuario={editando === 'nuevo' ? null : editando}
          onClose={async () => {
            setEditando(null);
            await recargar();
          }}
        />
      )}
      {clave && <ClaveModal empresa={empresa} usuario={clave} onClose={() => setClave(null)} />}
    </Card>
  );
}

function UsuarioModal({
  empresa,
  usuario,
  onClose,
}: {
  empresa: number;
  usuario: UsuarioFila | null;
  onClose: () => void;
}) {
  const [v, setV] = useState({
    UserName: usuario?.UserName ?? '',
    Nombre: usuario?.Nombre ?? '',
    Apellido1: usuario?.Apellido1 ?? '',
    Apellido2: usuario?.Apellido2 ?? '',
    NombreComercial: usuario?.NombreComercial ?? '',
    Email: usuario?.Email ?? '',
    Roles: usuario?.Roles ?? ['usuario'],
    Propietario: usuario?.Propietario ?? false,
    Password: '',
  });
  const [err, setErr] = useState<Record<string, string>>({});
  const base = `${ADM}/admusuarios`;
  const guardar = async () => {
    setErr({});
    try {
      if (usuario) await api.put(`${base}/save/${empresa}/${usuario.Id}`, { ...v, Password: undefined });
      else await api.post(`${base}/save/${empresa}`, v);
      notifySuccess('Los datos se han guardado correctamente');
      onClose();
    } catch (e) {
      setErr(errores(e));
    }
  };
  const campo = (
    k: 'UserName' | 'Nombre' | 'Apellido1' | 'Apellido2' | 'NombreComercial' | 'Email',
    label: string,
    req = false,
  ) => (
    <TextInput
      label={label}
      withAsterisk={req}
      value={v[k]}
      error={err[k]}
      disabled={k === 'UserName' && !!usuario}
      onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
    />
  );
  return (
    <Modal opened onClose={onClose} title={usuario ? `Usuario ${usuario.UserName}` : 'Nuevo usuario'}>
      <Stack gap="sm">
        {campo('UserName', 'Usuario', true)}
        {campo('Nombre', 'Nombre', true)}
        {campo('Apellido1', 'Primer apellido')}
        {campo('Apellido2', 'Segundo apellido')}
        {campo('NombreComercial', 'Nombre comercial')}
        {campo('Email', 'Email', true)}
        <MultiSelect
          label="Roles"
          data={ROLES}
          value={v.Roles}
          error={err.Roles}
          onChange={(r) => setV({ ...v, Roles: r })}
        />
        <Switch
          label="Propietario"
          checked={v.Propietario}
          onChange={(e) => setV({ ...v, Propietario: e.currentTarget.checked })}
        />
        {!usuario && (
          <PasswordInput
            label="Contraseña"
            withAsterisk
            description={PASSWORD_HINT}
            value={v.Password}
            error={err.Password}
            onChange={(e) => setV({ ...v, Password: e.currentTarget.value })}
          />
        )}
        <Button onClick={guardar}>Guardar</Button>
      </Stack>
    </Modal>
  );
}

function ClaveModal({ empresa, usuario, onClose }: { empresa: number; usuario: UsuarioFila; onClose: () => void }) {
  const [clave, setClave] = useState('');
  const [err, setErr] = useState<string | undefined>();
  return (
    <Modal opened onClose={onClose} title={`Cambiar la contraseña de ${usuario.UserName}`}>
      <Stack gap="sm">
        <PasswordInput
          label="Nueva contraseña"
          withAsterisk
          description={PASSWORD_HINT}
          value={clave}
          error={err}
          onChange={(e) => setClave(e.currentTarget.value)}
        />
        <Button
          onClick={async () => {
            try {
              const r = await api.post<{ Mensaje: string }>(
                `${ADM}/admusuarios/cambiarcontrasena/${empresa}/${usuario.Id}`,
                {
                  NuevoPassword: clave,
                },
              );
              notifySuccess(r.Mensaje);
              onClose();
            } catch (e) {
              setErr(errores(e).NuevoPassword);
            }
          }}
        >
          Cambiar la contraseña
        </Button>
      </Stack>
    </Modal>
  );
}

interface ContratoFila {
  Id: number;
  Version: number;
  Titulo: string;
  Estado: string;
  Email: string;
  Firmante: string | null;
  Firmado: string | null;
  Hash: string | null;
}

function ContratosEmpresa({ empresa }: { empresa: number }) {
  const base = `${ADM}/admusuarios`;
  const q = useLista<ContratoFila>(`${base}/listcontratos/${empresa}`);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Contratos
        </Title>
        <Tabla
          etiqueta="Contratos de la empresa"
          filas={q.data?.Items}
          clave={(c) => c.Id}
          vacio="La empresa no tiene contratos"
          columnas={[
            { titulo: 'Versión', celda: (c) => c.Version, numerica: true },
            { titulo: 'Contrato', celda: (c) => c.Titulo },
            {
              titulo: 'Estado',
              celda: (c) => <SiNo si={c.Estado === 'firmado'} textoSi="Firmado" textoNo="Pendiente" />,
            },
            { titulo: 'Firmante', celda: (c) => c.Firmante ?? '—' },
            { titulo: 'Firmado', celda: (c) => fechaHora(c.Firmado) },
            {
              titulo: 'SHA-256',
              celda: (c) => (
                <Text size="xs" ff="monospace">
                  {c.Hash ? `${c.Hash.slice(0, 16)}…` : '—'}
                </Text>
              ),
            },
            {
              titulo: 'Acciones',
              celda: (c) => (
                <Group gap={4} wrap="nowrap">
                  <BotonPdf path={`${base}/actcontrato/${empresa}/${c.Id}`}>PDF</BotonPdf>
                  <BotonPdf path={`${base}/printcopiaclie/${empresa}/${c.Id}`}>Copia del cliente</BotonPdf>
                  {c.Estado !== 'firmado' && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={async () => {
                        const r = await api.post<{ Mensaje: string }>(`${base}/enviarcontrato/${empresa}/${c.Id}`);
                        notifySuccess(r.Mensaje);
                      }}
                    >
                      Reenviar
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
