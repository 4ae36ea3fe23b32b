import {
  contarSms,
  ESTADOS_CAMPANA,
  formatDate,
  formatNumber,
  LEVEL_FOR_ACTION,
  levelIn,
  MSG,
  PROVINCIAS,
  type RouteDef,
} from '@faro/domain';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { Forbidden } from '../../ui/Forbidden.tsx';
import { erroresDelGuardado, ligarTexto } from '../../ui/form/erroresCampo.ts';
import { type Errores, FormularioComprobado } from '../../ui/form/FormularioComprobado.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { PagedList } from '../../ui/list/PagedList.tsx';
import { usePagedList } from '../../ui/list/usePagedList.ts';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { aLocal } from '../agenda/calendario.ts';
import { LazyTemplateBodyInput } from './LazyTemplateBodyInput.tsx';

type Recurso = 'correos' | 'sms';
interface Informe {
  Encolados: number;
  Pendientes: number;
  Enviados: number;
  Fallidos: number;
  Bajas: number;
  Abiertos: number;
}
interface Campana {
  Id: number;
  Nombre: string;
  Estado: string;
  Asunto: string | null;
  Cuerpo: string;
  IdSegmentacion: number;
  IdPlantilla: number | null;
  Segmento: string | null;
  Programada: string | null;
  Pixel?: boolean;
  Encolada: string | null;
  Enviados?: number;
  Encolados?: number;
  Informe?: Informe;
}
const PERMISO = 'MarketCorreos' as const;
const COLOR: Record<string, string> = { borrador: 'gray', programada: 'blue', enviando: 'orange', enviada: 'green' };
const EstadoBadge = ({ e }: { e: string }) => (
  <Badge size="sm" variant="light" color={COLOR[e] ?? 'gray'}>
    {ESTADOS_CAMPANA[e] ?? e}
  </Badge>
);

/** `correos` and `sms`: campaigns list (`lista`), editor (`nuevo`, `editar/{id}`) with audience, send and report. */
export function CampanasScreens({ action, segments }: { action: string; segments: string[]; route: RouteDef }) {
  const recurso: Recurso = action === 'sms' ? 'sms' : 'correos';
  const [first, id] = segments;
  if (first === 'nuevo') return <CampanaEditor key="nuevo" recurso={recurso} />;
  if (first === 'editar' && id && /^\d+$/.test(id)) return <CampanaEditor key={id} recurso={recurso} id={Number(id)} />;
  return <CampanasLista recurso={recurso} />;
}

function CampanasLista({ recurso }: { recurso: Recurso }) {
  const titulo = recurso === 'sms' ? 'Campañas de SMS' : 'Campañas de correo';
  usePageTitle(titulo);
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO, centro);
  const [config, setConfig] = useState(false);
  const list = usePagedList<Campana>({
    entidad: recurso,
    path: `comunicaciones/${recurso}/list`,
    filters: ['estado'],
    filtros: (v) => (v.estado ? { Estado: v.estado } : {}),
    enabled: level >= 1,
  });
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  const columns: DataTableColumn<Campana>[] = [
    { accessor: 'Nombre', title: 'Nombre' },
    { accessor: 'Segmento', title: 'Segmento' },
    { accessor: 'Estado', title: 'Estado', render: (c) => <EstadoBadge e={c.Estado} /> },
    {
      accessor: 'Encolada',
      title: 'Enviada el',
      render: (c) => (c.Encolada ? formatDate(c.Encolada.slice(0, 10)) : ''),
    },
    {
      accessor: 'Enviados',
      title: 'Enviados',
      textAlign: 'right',
      render: (c) => `${c.Enviados ?? 0} / ${c.Encolados ?? 0}`,
    },
  ];
  return (
    <>
      <PagedList<Campana>
        list={list}
        title={titulo}
        actions={
          <Group gap="xs">
            {level >= 3 && (
              <Button variant="default" onClick={() => setConfig(true)}>
                Configuración de envío
              </Button>
            )}
            {level >= LEVEL_FOR_ACTION.create && (
              <Button component={Link} to={`/${recurso}/nuevo`} leftSection={<IconPlus size={16} />}>
                Nueva campaña
              </Button>
            )}
          </Group>
        }
        columns={columns}
        compact={(c) => (
          <Stack gap={0}>
            <Text fw={600}>{c.Nombre}</Text>
            <Group gap="xs">
              <EstadoBadge e={c.Estado} />
              <Text size="sm">
                {c.Enviados ?? 0} / {c.Encolados ?? 0}
              </Text>
            </Group>
          </Stack>
        )}
        rowHref={(c) => `/${recurso}/editar/${c.Id}`}
        noRecordsText="No hay campañas"
      />
      {config && <ConfigEnvio onClose={() => setConfig(false)} />}
    </>
  );
}

function useLista<T>(path: string, nombre: string, enabled = true) {
  const { info } = useReady();
  return useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, nombre), 'todos'],
    queryFn: () => api.get<ListAnswer<T>>(path, { params: { TotalPagina: 200 }, silent: true, background: true }),
    enabled,
  });
}

function CampanaEditor({ recurso, id }: { recurso: Recurso; id?: number }) {
  usePageTitle(recurso === 'sms' ? 'Campaña de SMS' : 'Campaña de correo');
  const { info, centro } = useReady();
  const level = levelIn(info, PERMISO, centro);
  const navigate = useNavigate();
  const client = useQueryClient();
  const base = `comunicaciones/${recurso}`;
  const key = [...qk.entity(info.IdEmpresa, recurso), 'fila', id];
  const cargada = useQuery({
    queryKey: key,
    queryFn: () => api.get<Campana>(`${base}/edit/${id}`),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.Estado === 'enviando' ? 3000 : false),
  });
  const segmentos = useLista<{ Id: number; Descripcion: string; Baja: boolean }>(
    'comunicaciones/segmentacion/list',
    'segmentacion',
  );
  const plantillas = useLista<{ Id: number; Nombre: string; Asunto: string; Cuerpo: string | null; Baja: boolean }>(
    'comunicaciones/plantemail/list',
    'plantemail',
    recurso === 'correos',
  );
  const [v, setV] = useState<Partial<Campana> | null>(
    id ? null : { Nombre: '', Asunto: '', Cuerpo: '', IdSegmentacion: 0, Programada: null },
  );
  const [errores, setErrores] = useState<Errores>({});
  const [reglas, setReglas] = useState(false);
  const valores = v ?? cargada.data ?? null;
  const audiencia = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, recurso), 'audiencia', valores?.IdSegmentacion],
    queryFn: () =>
      api.get<{ Total: number }>(`${base}/audiencia`, {
        params: { IdSegmentacion: valores!.IdSegmentacion },
        background: true,
      }),
    enabled: !!valores?.IdSegmentacion,
  });
  const set = (patch: Partial<Campana>) => setV({ ...(valores ?? {}), ...patch });
  const texto = ligarTexto<Partial<Campana>>(valores ?? {}, set, errores);
  const guardar = useMutation({
    mutationFn: () => {
      const body = {
        Nombre: valores?.Nombre,
        Asunto: recurso === 'correos' ? valores?.Asunto : null,
        Cuerpo: valores?.Cuerpo,
        IdSegmentacion: valores?.IdSegmentacion || null,
        IdPlantilla: valores?.IdPlantilla ?? null,
        Programada: valores?.Programada || null,
        Pixel: recurso === 'correos' && !!valores?.Pixel,
      };
      return id
        ? api.put<Campana>(`${base}/save/${id}`, body, { silent: true })
        : api.post<Campana>(`${base}/save`, body, { silent: true });
    },
    onSuccess: (r) => {
      notifySuccess(MSG.saved);
      setErrores({});
      setV(null);
      void client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, recurso) });
      if (!id) navigate(`/${recurso}/editar/${r.Id}`, { replace: true });
    },
    onError: (e) => setErrores(erroresDelGuardado(e)),
  });
  const enviar = useMutation({
    mutationFn: () => api.post<{ Mensaje: string }>(`${base}/enviar/${id}`),
    onSuccess: (r) => {
      notifySuccess(r.Mensaje);
      void client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, recurso) });
    },
  });
  if (level < LEVEL_FOR_ACTION.list) return <Forbidden />;
  if (!valores) return <Text>Cargando datos...</Text>;
  const enviada = valores.Estado === 'enviando' || valores.Estado === 'enviada';
  const soloLectura = enviada || level < LEVEL_FOR_ACTION.update;
  const sms = recurso === 'sms' ? contarSms(valores.Cuerpo ?? '') : null;
  const inf = cargada.data?.Informe;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {id ? valores.Nombre : recurso === 'sms' ? 'Nueva campaña de SMS' : 'Nueva campaña de correo'}
        </Title>
        <Group gap="xs">
          {valores.Estado && <EstadoBadge e={valores.Estado} />}
          <Button component={Link} to={`/${recurso}/lista`} variant="default">
            Volver a la lista
          </Button>
        </Group>
      </Group>
      {inf && inf.Encolados > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 6 }} data-testid="informe-campana">
          {(
            [
              ['Encolados', inf.Encolados],
              ['Pendientes', inf.Pendientes],
              ['Enviados', inf.Enviados],
              ['Fallidos', inf.Fallidos],
              ['Bajas', inf.Bajas],
              ...(cargada.data?.Pixel ? [['Abiertos (mínimo)', inf.Abiertos] as const] : []),
            ] as const
          ).map(([k, n]) => (
            <Card key={k} withBorder padding="sm">
              <Text size="xs" c="dimmed">
                {k}
              </Text>
              <Text fw={700} size="xl" data-testid={`informe-${k}`}>
                {n}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <FormularioComprobado
        comprobar={() => {
          const err: Errores = {};
          if (!valores.Nombre?.trim()) err.Nombre = MSG.required('Nombre');
          if (!valores.IdSegmentacion) err.IdSegmentacion = MSG.required('Segmento');
          if (recurso === 'correos' && !valores.Asunto?.trim()) err.Asunto = MSG.required('Asunto');
          if (!valores.Cuerpo?.trim()) err.Cuerpo = MSG.required('Texto');
          return err;
        }}
        errores={errores}
        setErrores={setErrores}
        onValido={() => guardar.mutate()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Nombre" required readOnly={soloLectura} {...texto('Nombre')} maxLength={150} />
          <Stack gap={4}>
            <Select
              label="Segmento"
              required
              readOnly={soloLectura}
              value={valores.IdSegmentacion ? String(valores.IdSegmentacion) : null}
              error={errores.IdSegmentacion}
              data={(segmentos.data?.Items ?? [])
                .filter((s) => !s.Baja || s.Id === valores.IdSegmentacion)
                .map((s) => ({ value: String(s.Id), label: s.Descripcion }))}
              onChange={(x) => set({ IdSegmentacion: Number(x) || 0 })}
            />
            <Group gap="xs">
              <Text size="sm" data-testid="audiencia">
                {valores.IdSegmentacion
                  ? audiencia.data
                    ? `${formatNumber(audiencia.data.Total, 0)} destinatarios`
                    : 'Contando destinatarios…'
                  : 'Elige un segmento'}
              </Text>
              {!!valores.IdSegmentacion && level >= 2 && (
                <Button size="compact-xs" variant="subtle" onClick={() => setReglas(true)}>
                  Reglas del segmento
                </Button>
              )}
            </Group>
          </Stack>
        </SimpleGrid>
        {recurso === 'correos' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Plantilla"
              placeholder="Sin plantilla"
              clearable
              readOnly={soloLectura}
              value={valores.IdPlantilla ? String(valores.IdPlantilla) : null}
              data={(plantillas.data?.Items ?? [])
                .filter((p) => !p.Baja)
                .map((p) => ({ value: String(p.Id), label: p.Nombre }))}
              onChange={(x) => {
                const p = plantillas.data?.Items.find((y) => String(y.Id) === x);
                set(p ? { IdPlantilla: p.Id, Asunto: p.Asunto, Cuerpo: p.Cuerpo ?? '' } : { IdPlantilla: null });
              }}
            />
            <TextInput label="Asunto" required readOnly={soloLectura} {...texto('Asunto')} maxLength={200} />
          </SimpleGrid>
        )}
        {recurso === 'correos' ? (
          <LazyTemplateBodyInput
            name="Cuerpo"
            def={{
              kind: 'richText',
              label: 'Texto',
              required: true,
              help: 'Marcadores: {Nombre}. El enlace de baja se añade solo.',
            }}
            value={valores.Cuerpo ?? ''}
            onChange={(x) => set({ Cuerpo: String(x ?? '') })}
            onBlur={() => {}}
            error={errores.Cuerpo}
            readOnly={soloLectura}
          />
        ) : (
          <Textarea
            label="Texto"
            required
            readOnly={soloLectura}
            autosize
            minRows={3}
            {...texto('Cuerpo')}
            description={
              sms
                ? `${sms.Longitud} caracteres ${sms.Codificacion} · ${sms.Partes} SMS por destinatario. Marcadores: {Nombre}`
                : undefined
            }
          />
        )}
        {recurso === 'correos' && (
          <Checkbox
            label="Medir las aperturas (píxel de seguimiento)"
            description="Cuenta los correos abiertos con las imágenes activadas"
            disabled={soloLectura}
            checked={!!valores.Pixel}
            onChange={(e) => set({ Pixel: e.currentTarget.checked })}
          />
        )}
        <TextInput
          label="Programar el envío"
          type="datetime-local"
          readOnly={soloLectura}
          w={260}
          description="Vacío: se envía al pulsar Enviar"
          value={aLocal(valores.Programada ?? null)}
          onChange={(e) =>
            set({ Programada: e.currentTarget.value ? new Date(e.currentTarget.value).toISOString() : null })
          }
        />
        {!soloLectura && (
          <Group justify="flex-end">
            <Button type="submit" variant={id ? 'default' : 'filled'} loading={guardar.isPending}>
              Guardar
            </Button>
            {id && (
              <Button color="green" disabled={!!v} loading={enviar.isPending} onClick={() => enviar.mutate()}>
                {valores.Programada && new Date(valores.Programada) > new Date() ? 'Programar' : 'Enviar'}
              </Button>
            )}
          </Group>
        )}
      </FormularioComprobado>
      {reglas && valores.IdSegmentacion && (
        <ReglasSegmento
          id={valores.IdSegmentacion}
          onClose={() => {
            setReglas(false);
            void audiencia.refetch();
          }}
        />
      )}
    </Stack>
  );
}

/**
 * A settings dialog over one API record: it reads `ruta`, edits a copy and puts it back whole; 'Guardar' says so and
 * closes. `leer` turns the answer into the edited values.
 */
function DialogoAjustes<T extends object, R = T>({
  ruta,
  clave,
  titulo,
  size,
  gap,
  leer,
  onClose,
  children,
}: {
  ruta: string;
  clave: readonly unknown[];
  titulo: string;
  size?: string;
  gap?: string;
  leer: (datos: R) => T;
  onClose: () => void;
  children: (val: T, setV: (v: T) => void) => ReactNode;
}) {
  const q = useQuery({ queryKey: clave, queryFn: () => api.get<R>(ruta) });
  const [v, setV] = useState<T | null>(null);
  const val = v ?? (q.data ? leer(q.data) : null);
  const guardar = useMutation({
    mutationFn: () => api.put(ruta, val),
    onSuccess: () => {
      notifySuccess(MSG.saved);
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={titulo} size={size}>
      {val && (
        <Stack gap={gap}>
          {children(val, setV)}
          <BotonesDialogo onCancelar={onClose} loading={guardar.isPending} onClick={() => guardar.mutate()}>
            Guardar
          </BotonesDialogo>
        </Stack>
      )}
    </Modal>
  );
}

interface Reglas {
  TipoContacto: string | null;
  IdGrupo: number | null;
  Provincia: string | null;
}

function ReglasSegmento({ id, onClose }: { id: number; onClose: () => void }) {
  const grupos = useLista<{ Id: number; Nombre: string }>('configuracion/gruposcto/lookup', 'gruposcto');
  return (
    <DialogoAjustes<Reglas & { TipoContacto: string }, Reglas>
      ruta={`comunicaciones/segmentacion/reglas/${id}`}
      clave={['reglas', id]}
      titulo="Reglas del segmento"
      leer={(r) => ({ TipoContacto: r.TipoContacto ?? 't', IdGrupo: r.IdGrupo, Provincia: r.Provincia })}
      onClose={onClose}
    >
      {(val, setV) => (
        <>
          <Text size="sm" c="dimmed">
            Entran los contactos que cumplen las reglas y los clientes potenciales asignados al segmento; nunca los de
            baja.
          </Text>
          <Select
            label="Contactos"
            allowDeselect={false}
            value={val.TipoContacto}
            onChange={(x) => setV({ ...val, TipoContacto: x ?? 't' })}
            data={[
              { value: 't', label: 'Clientes y clientes potenciales' },
              { value: 'c', label: 'Clientes' },
              { value: 'p', label: 'Clientes potenciales' },
            ]}
          />
          <Select
            label="Grupo"
            clearable
            placeholder="Todos"
            value={val.IdGrupo ? String(val.IdGrupo) : null}
            onChange={(x) => setV({ ...val, IdGrupo: x ? Number(x) : null })}
            data={(grupos.data?.Items ?? []).map((g) => ({ value: String(g.Id), label: g.Nombre }))}
          />
          <Select
            label="Provincia"
            clearable
            searchable
            placeholder="Todas"
            value={val.Provincia}
            onChange={(x) => setV({ ...val, Provincia: x })}
            data={PROVINCIAS.map((p) => ({ value: p.value, label: p.label }))}
          />
        </>
      )}
    </DialogoAjustes>
  );
}

function ConfigEnvio({ onClose }: { onClose: () => void }) {
  return (
    <DialogoAjustes<Record<string, unknown>>
      ruta="comunicaciones/correos/config"
      clave={['mkconfig']}
      titulo="Configuración de envío"
      size="lg"
      gap="sm"
      leer={(r) => r}
      onClose={onClose}
    >
      {(val, setV) => {
        const txt = (k: string, label: string, extra: Record<string, unknown> = {}) => (
          <TextInput
            label={label}
            value={String(val[k] ?? '')}
            onChange={(e) => setV({ ...val, [k]: e.currentTarget.value })}
            {...extra}
          />
        );
        // A stored password never comes back: the field stays empty and says whether there is one (`Tiene…`).
        const clave = (k: string, label: string) => (
          <PasswordInput
            label={label}
            placeholder={val[`Tiene${k}`] ? 'Guardada (escribe para cambiarla)' : ''}
            onChange={(e) => setV({ ...val, [k]: e.currentTarget.value })}
          />
        );
        return (
          <>
            <Text size="sm" c="dimmed">
              Sin servidor propio, los correos salen por el servicio de la plataforma
              {val.ServidorPlataforma ? '' : ' (no configurado en este servidor)'}.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {txt('SmtpHost', 'Servidor SMTP')}
              <NumberInput
                label="Puerto"
                min={1}
                max={65535}
                value={Number(val.SmtpPuerto) || ''}
                onChange={(x) => setV({ ...val, SmtpPuerto: x || null })}
              />
              {txt('SmtpUsuario', 'Usuario SMTP')}
              {clave('SmtpClave', 'Contraseña SMTP')}
              <Switch
                label="Conexión segura (TLS)"
                checked={!!val.SmtpSeguro}
                onChange={(e) => setV({ ...val, SmtpSeguro: e.currentTarget.checked })}
              />
              {txt('Remitente', 'Remitente')}
              {txt('SmsUrl', 'URL de la pasarela de SMS')}
              {txt('SmsRemitente', 'Remitente de los SMS', { maxLength: 11 })}
              {txt('SmsUsuario', 'Usuario de la pasarela')}
              {clave('SmsClave', 'Contraseña de la pasarela')}
              <NumberInput
                label="Mensajes por minuto"
                min={1}
                max={100000}
                value={Number(val.LimiteMinuto) || 120}
                onChange={(x) => setV({ ...val, LimiteMinuto: Number(x) || 120 })}
              />
            </SimpleGrid>
          </>
        );
      }}
    </DialogoAjustes>
  );
}
