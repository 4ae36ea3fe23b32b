import { ESPECIALIDADES_ASESORIA, enumOptions, NIVELES_ASESORIA, PROVINCIAS, type RouteDef } from '@faro/domain';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { PantallaDeAccion } from '../../../ui/PlaceholderPage.tsx';
import { fecha, Pagina, SiNo, Tabla, useLista } from '../comun.tsx';
import { ColaTrabajo } from './ColaTrabajo.tsx';

const ESTADOS_SOLICITUD = enumOptions({ pendiente: 'Pendientes', aceptada: 'Aceptadas', rechazada: 'Rechazadas' });

const B = 'asesorias';
const NIVELES = Object.entries(NIVELES_ASESORIA).map(([value, label]) => ({ value, label }));
const ESPECIALIDADES = [...ESPECIALIDADES_ASESORIA];
const provincia = (v: string) => PROVINCIAS.find((p) => p.value === v)?.label ?? v;
const useRecargar = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['plataforma'] });
};

/** The advisory screens by action. */
const PANTALLAS = {
  aseempresas: ColaTrabajo,
  aseusuarios: Personal,
  aseconfigura: Configuracion,
  asesolicitud: Solicitudes,
  asesorias: BuscarAsesoria,
};

/** Advisory firm routes (aseempresas, aseusuarios, aseconfigura, asesolicitud) and the owners' 'buscar asesoría'. */
export function AsesoriaScreens({ action, route }: { action: string; segments: string[]; route: RouteDef }) {
  return <PantallaDeAccion pantallas={PANTALLAS} action={action} title={route.title} />;
}

interface Persona {
  Id: number;
  UserName: string;
  Nombre: string;
  Apellido1: string | null;
  Email: string;
  Propietario: boolean;
  Clientes: number[];
}

/** aseusuarios/lista: the firm's staff and which clients each one serves (none chosen: all). */
function Personal() {
  const recargar = useRecargar();
  const q = useLista<Persona>(`${B}/aseusuarios/list`);
  const clientes = useLista<{ Id: number; Nombre: string }>(`${B}/aseusuarios/clientes`);
  const opciones = (clientes.data?.Items ?? []).map((c) => ({ value: String(c.Id), label: c.Nombre }));
  const [sel, setSel] = useState<Record<number, string[]>>({});
  return (
    <Pagina titulo="Usuarios de la asesoría">
      <Tabla
        etiqueta="Personal de la asesoría"
        filas={q.data?.Items}
        clave={(p) => p.Id}
        columnas={[
          { titulo: 'Usuario', celda: (p) => p.UserName },
          { titulo: 'Nombre', celda: (p) => [p.Nombre, p.Apellido1].filter(Boolean).join(' ') },
          { titulo: 'Email', celda: (p) => p.Email },
          {
            titulo: 'Empresas que atiende',
            celda: (p) => (
              <MultiSelect
                aria-label={`Empresas que atiende ${p.UserName}`}
                placeholder="Todas"
                data={opciones}
                value={sel[p.Id] ?? p.Clientes.map(String)}
                onChange={(v) => setSel({ ...sel, [p.Id]: v })}
                miw={220}
              />
            ),
          },
          {
            titulo: 'Acción',
            celda: (p) => (
              <Button
                size="xs"
                variant="light"
                disabled={!sel[p.Id]}
                onClick={async () => {
                  const r = await api.put<{ Mensaje: string }>(`${B}/aseusuarios/asignar/${p.Id}`, {
                    Clientes: (sel[p.Id] ?? []).map(Number),
                  });
                  notifySuccess(r.Mensaje);
                  await recargar();
                }}
              >
                Guardar {p.UserName}
              </Button>
            ),
          },
        ]}
      />
    </Pagina>
  );
}

interface Perfil {
  Provincia: string;
  Especialidades: string[];
  Descripcion: string;
  NivelDefecto: number;
  Visible: boolean;
}

/** aseconfigura/editar: the firm's public profile and the default level in client companies. */
function Configuracion() {
  const q = useQuery({
    queryKey: ['plataforma', 'aseconfigura'],
    queryFn: () => api.get<Perfil>(`${B}/aseconfigura/edit`),
  });
  if (!q.data) return <Text c="dimmed">Cargando datos...</Text>;
  return <ConfiguracionForm inicial={q.data} />;
}

function ConfiguracionForm({ inicial }: { inicial: Perfil }) {
  const [v, setV] = useState(inicial);
  const [err, setErr] = useState<Record<string, string>>({});
  return (
    <Pagina titulo="Datos de la asesoría">
      <Card withBorder maw={720}>
        <Stack gap="sm">
          <Select
            label="Provincia"
            data={PROVINCIAS}
            value={v.Provincia || null}
            searchable
            error={err.Provincia}
            onChange={(p) => setV({ ...v, Provincia: p ?? '' })}
          />
          <MultiSelect
            label="Especialidades"
            data={ESPECIALIDADES}
            value={v.Especialidades}
            onChange={(e) => setV({ ...v, Especialidades: e })}
          />
          <Textarea
            label="Presentación"
            autosize
            minRows={3}
            value={v.Descripcion}
            onChange={(e) => setV({ ...v, Descripcion: e.currentTarget.value })}
          />
          <Select
            label="Nivel de permisos por defecto en las empresas clientes"
            data={NIVELES}
            value={String(v.NivelDefecto)}
            allowDeselect={false}
            onChange={(n) => setV({ ...v, NivelDefecto: Number(n) })}
          />
          <Switch
            label="Aparecer en 'Buscar asesoría'"
            checked={v.Visible}
            onChange={(e) => setV({ ...v, Visible: e.currentTarget.checked })}
          />
          <Group>
            <Button
              onClick={async () => {
                setErr({});
                try {
                  await api.put(`${B}/aseconfigura/save`, v);
                  notifySuccess('Los datos se han guardado correctamente');
                } catch (e) {
                  setErr(
                    Object.fromEntries((e instanceof ApiError ? e.fieldErrors : []).map((c) => [c.Campo, c.Mensaje])),
                  );
                }
              }}
            >
              Guardar
            </Button>
          </Group>
        </Stack>
      </Card>
    </Pagina>
  );
}

interface Solicitud {
  Id: number;
  Solicitante: string;
  NIF: string;
  Mensaje: string;
  Estado: string;
  Motivo: string | null;
  Nivel: number;
  Creado: string;
}

/** asesolicitud/lista: requests from companies; accepting creates the link, rejecting keeps a reason. */
function Solicitudes() {
  const recargar = useRecargar();
  const [estado, setEstado] = useState<string | null>('pendiente');
  const q = useLista<Solicitud>(`${B}/asesolicitud/list`, { Filtros: JSON.stringify({ Estado: estado ?? '' }) });
  const [aceptar, setAceptar] = useState<{ s: Solicitud; nivel: string } | null>(null);
  const [rechazar, setRechazar] = useState<{ s: Solicitud; motivo: string; error?: string } | null>(null);
  return (
    <Pagina titulo="Solicitudes recibidas">
      <Select label="Estado" maw={240} data={[...ESTADOS_SOLICITUD]} value={estado} onChange={setEstado} clearable />
      <Tabla
        etiqueta="Solicitudes de empresas"
        filas={q.data?.Items}
        clave={(s) => s.Id}
        vacio="No hay solicitudes"
        columnas={[
          { titulo: 'Fecha', celda: (s) => fecha(s.Creado) },
          { titulo: 'Empresa', celda: (s) => `${s.Solicitante} (${s.NIF})` },
          { titulo: 'Mensaje', celda: (s) => s.Mensaje || '—' },
          { titulo: 'Estado', celda: (s) => (s.Motivo ? `${s.Estado}: ${s.Motivo}` : s.Estado) },
          {
            titulo: 'Acción',
            celda: (s) =>
              s.Estado === 'pendiente' ? (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" onClick={() => setAceptar({ s, nivel: String(s.Nivel) })}>
                    Aceptar
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => setRechazar({ s, motivo: '' })}>
                    Rechazar
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      <Modal opened={!!aceptar} onClose={() => setAceptar(null)} title={`Aceptar a ${aceptar?.s.Solicitante ?? ''}`}>
        <Stack>
          <Select
            label="Nivel de permisos en la empresa"
            data={NIVELES}
            value={aceptar?.nivel ?? '1'}
            allowDeselect={false}
            onChange={(n) => aceptar && setAceptar({ ...aceptar, nivel: n ?? '1' })}
          />
          <Button
            onClick={async () => {
              if (!aceptar) return;
              const r = await api.post<{ Mensaje: string }>(`${B}/asesolicitud/aceptar/${aceptar.s.Id}`, {
                Nivel: Number(aceptar.nivel),
              });
              notifySuccess(r.Mensaje);
              setAceptar(null);
              await recargar();
            }}
          >
            Aceptar solicitud
          </Button>
        </Stack>
      </Modal>
      <Modal
        opened={!!rechazar}
        onClose={() => setRechazar(null)}
        title={`Rechazar a ${rechazar?.s.Solicitante ?? ''}`}
      >
        <Stack>
          <TextInput
            label="Motivo"
            withAsterisk
            value={rechazar?.motivo ?? ''}
            error={rechazar?.error}
            onChange={(e) => rechazar && setRechazar({ ...rechazar, motivo: e.currentTarget.value })}
          />
          <Button
            color="red"
            onClick={async () => {
              if (!rechazar) return;
              try {
                const r = await api.post<{ Mensaje: string }>(`${B}/asesolicitud/rechazar/${rechazar.s.Id}`, {
                  Motivo: rechazar.motivo,
                });
                notifySuccess(r.Mensaje);
                setRechazar(null);
                await recargar();
              } catch (e) {
                const campo = e instanceof ApiError ? e.fieldErrors.find((c) => c.Campo === 'Motivo') : undefined;
                setRechazar({ ...rechazar, error: campo?.Mensaje });
              }
            }}
          >
            Rechazar solicitud
          </Button>
        </Stack>
      </Modal>
    </Pagina>
  );
}

interface Firma {
  Id: number;
  Nombre: string;
  Poblacion: string | null;
  Provincia: string;
  Especialidades: string[];
  Descripcion: string;
}

/** asesorias/lista ('Buscar asesoría', owners): search firms by province and speciality, send a request. */
function BuscarAsesoria() {
  const recargar = useRecargar();
  const [f, setF] = useState({ Provincia: '', Especialidad: '', Buscar: '' });
  const q = useLista<Firma>(`${B}/asesorias/list`, { Filtros: JSON.stringify(f) });
  const mias = useLista<{ Id: number; Asesoria: string; Estado: string; Motivo: string | null; Creado: string }>(
    `${B}/asesorias/mias`,
  );
  const [enviar, setEnviar] = useState<{ firma: Firma; mensaje: string } | null>(null);
  return (
    <Pagina titulo="Buscar asesoría">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Provincia"
          data={PROVINCIAS}
          value={f.Provincia || null}
          searchable
          clearable
          onChange={(p) => setF({ ...f, Provincia: p ?? '' })}
        />
        <Select
          label="Especialidad"
          data={ESPECIALIDADES}
          value={f.Especialidad || null}
          clearable
          onChange={(e) => setF({ ...f, Especialidad: e ?? '' })}
        />
        <TextInput
          label="Nombre o población"
          value={f.Buscar}
          onChange={(e) => setF({ ...f, Buscar: e.currentTarget.value })}
        />
      </SimpleGrid>
      {q.data && q.data.Items.length === 0 && <Text c="dimmed">No hay asesorías con esos criterios</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(q.data?.Items ?? []).map((a) => (
          <Card key={a.Id} withBorder>
            <Stack gap={4}>
              <Title order={2} fz="h4">
                {a.Nombre}
              </Title>
              <Text size="sm" c="dimmed">
                {[a.Poblacion, provincia(a.Provincia)].filter(Boolean).join(' · ')}
              </Text>
              <Group gap={4}>
                {a.Especialidades.map((e) => (
                  <Badge key={e} variant="light">
                    {e}
                  </Badge>
                ))}
              </Group>
              {a.Descripcion && <Text size="sm">{a.Descripcion}</Text>}
              <Group>
                <Button size="xs" onClick={() => setEnviar({ firma: a, mensaje: '' })}>
                  Solicitar a {a.Nombre}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={2} fz="h3">
        Mis solicitudes
      </Title>
      <Tabla
        etiqueta="Mis solicitudes a asesorías"
        filas={mias.data?.Items}
        clave={(s) => s.Id}
        vacio="No has enviado solicitudes"
        columnas={[
          { titulo: 'Fecha', celda: (s) => fecha(s.Creado) },
          { titulo: 'Asesoría', celda: (s) => s.Asesoria },
          {
            titulo: 'Estado',
            celda: (s) => (
              <SiNo
                si={s.Estado === 'aceptada'}
                textoSi="Aceptada"
                textoNo={s.Motivo ? `${s.Estado}: ${s.Motivo}` : s.Estado}
              />
            ),
          },
        ]}
      />
      <Modal opened={!!enviar} onClose={() => setEnviar(null)} title={`Solicitud a ${enviar?.firma.Nombre ?? ''}`}>
        <Stack>
          <Textarea
            label="Mensaje"
            value={enviar?.mensaje ?? ''}
            onChange={(e) => enviar && setEnviar({ ...enviar, mensaje: e.currentTarget.value })}
          />
          <Button
            onClick={async () => {
              if (!enviar) return;
              const r = await api.post<{ Mensaje: string }>(`${B}/asesorias/solicitar/${enviar.firma.Id}`, {
                Mensaje: enviar.mensaje,
              });
              notifySuccess(r.Mensaje);
              setEnviar(null);
              await recargar();
            }}
          >
            Enviar solicitud
          </Button>
        </Stack>
      </Modal>
    </Pagina>
  );
}
