import { CLASES_PERMISO, ENTITIES, type PuestoCupo, type RouteDef } from '@faro/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { EntityScreen } from '../../ui/EntityScreen.tsx';
import { save } from '../../ui/list/ExportMenu.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { fechaEs, useFormacion } from '../formacion/formacionApi.ts';
import { Tabla } from '../formacion/Tabla.tsx';

interface ConfigAues {
  Activa: boolean;
  Url: string;
  Usuario: string;
  CodigoAutoescuela: string;
  ClaveGuardada: boolean;
}
interface PlanCupo {
  MinimoClases: number;
  Plazas: number;
  Hoy: string;
  Alumnos: PuestoCupo[];
}
interface Importacion {
  Creadas: number;
  Actualizadas: number;
  Errores: { Linea: number; Mensaje: string }[];
}

/**
 * citasaues: the appointments on the generic screens plus the AUES service (send, consult, cancel), the
 * CSV list out and in (the channel that always works), the exam-quota plan and the service's settings.
 */
export function CitasAuesScreens({ segments }: { action: string; segments: string[]; route: RouteDef }) {
  const [vista, id] = segments;
  if (vista === 'cupo') return <Cupo />;
  if (vista === 'config') return <Configuracion />;
  return (
    <Stack>
      {vista === 'lista' && <Servicio />}
      {vista === 'editar' && id && id !== 'nuevo' && <AccionesCita id={Number(id)} />}
      <EntityScreen entity={ENTITIES.citasaues} segments={segments} />
    </Stack>
  );
}

/** After a change: every query of the company again (the generic list keeps keys of its own). */
function useRefrescar() {
  const { info } = useReady();
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: qk.company(info.IdEmpresa) });
}

/** Buttons over the list: the quota plan, the settings, consult the service, the CSV list out and in. */
function Servicio() {
  const refrescar = useRefrescar();
  const [importado, setImportado] = useState<Importacion | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const consultar = async () => {
    setOcupado(true);
    try {
      const r = await api.post<{ Consultadas: number; Cambios: unknown[] }>('formacion/citasaues/consultar');
      notifySuccess(`Consultadas ${r.Consultadas} solicitudes: ${r.Cambios.length} con respuesta nueva`);
      await refrescar();
    } finally {
      setOcupado(false);
    }
  };
  const exportar = async () => {
    save(await api.download('formacion/citasaues/csv'), 'citas-aues.csv');
  };
  const importar = async (file: File | null) => {
    if (!file) return;
    const r = await api.post<Importacion>('formacion/citasaues/importar', { Csv: await file.text() });
    setImportado(r);
    notifySuccess(`Importadas: ${r.Creadas} nuevas y ${r.Actualizadas} actualizadas`);
    await refrescar();
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button component={Link} to="/citasaues/cupo" variant="light">
          Planificación del cupo de examen
        </Button>
        <Button component={Link} to="/citasaues/config" variant="light">
          Configuración AUES
        </Button>
        <Button variant="light" onClick={consultar} loading={ocupado}>
          Consultar estados en AUES
        </Button>
        <Button variant="default" onClick={exportar}>
          Exportar lista (CSV)
        </Button>
        <FileButton onChange={importar} accept=".csv,text/csv">
          {(props) => (
            <Button variant="default" {...props}>
              Importar lista (CSV)
            </Button>
          )}
        </FileButton>
      </Group>
      {importado && importado.Errores.length > 0 && (
        <Alert color="red" title="Líneas no importadas">
          {importado.Errores.map((e) => (
            <Text size="sm" key={e.Linea}>
              Línea {e.Linea}: {e.Mensaje}
            </Text>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

/** On an appointment's form: send it to AUES or cancel it there. */
function AccionesCita({ id }: { id: number }) {
  const refrescar = useRefrescar();
  const enviar = async (accion: 'solicitar' | 'anular') => {
    const r = await api.post<{ Estado: string; Referencia: string }>(`formacion/citasaues/${accion}/${id}`);
    notifySuccess(`AUES: ${r.Referencia} · ${r.Estado}`);
    await refrescar();
  };
  return (
    <Group>
      <BotonProtegido permiso="ExamAues" onClick={() => enviar('solicitar')}>
        Enviar a AUES
      </BotonProtegido>
      <BotonProtegido permiso="ExamAues" variant="light" color="red" onClick={() => enviar('anular')}>
        Anular en AUES
      </BotonProtegido>
    </Group>
  );
}

/** The AUES service's settings (the password is write-only). */
function Configuracion() {
  usePageTitle('Configuración AUES');
  const q = useFormacion<ConfigAues>('formacion/citasaues/config');
  const refrescar = useRefrescar();
  const [v, setV] = useState({ Url: '', Usuario: '', Clave: '', CodigoAutoescuela: '' });
  const [errores, setErrores] = useState<Record<string, string>>({});
  useEffect(() => {
    if (q.data)
      setV({ Url: q.data.Url, Usuario: q.data.Usuario, Clave: '', CodigoAutoescuela: q.data.CodigoAutoescuela });
  }, [q.data]);
  const guardar = async () => {
    try {
      await api.put('formacion/citasaues/config', v, { silent: true });
      setErrores({});
      notifySuccess('Configuración AUES guardada');
      await refrescar();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrores(Object.fromEntries(error.fieldErrors.map((x) => [x.Campo, x.Mensaje])));
      if (!error.fieldErrors.length) notifyError(error.message);
    }
  };
  const campo = (k: keyof typeof v) => ({
    value: v[k],
    error: errores[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [k]: e.currentTarget.value }),
  });
  return (
    <Stack maw={560}>
      <Title order={2}>Configuración AUES</Title>
      {q.data && !q.data.Activa && (
        <Alert color="yellow">
          La empresa no tiene activadas las citas AUES: puedes preparar la configuración y usar la importación y
          exportación de listas, pero no enviar solicitudes.
        </Alert>
      )}
      <TextInput label="Dirección del servicio" placeholder="https://…" required {...campo('Url')} />
      <TextInput label="Usuario autorizado" required {...campo('Usuario')} />
      <PasswordInput
        label="Contraseña"
        description={q.data?.ClaveGuardada ? 'Guardada: déjala vacía para conservarla' : undefined}
        {...campo('Clave')}
      />
      <TextInput label="Código de autoescuela" required {...campo('CodigoAutoescuela')} />
      <Group>
        <Button onClick={guardar}>Guardar</Button>
        <Button component={Link} to="/citasaues/lista" variant="default">
          Volver a las citas
        </Button>
      </Group>
    </Stack>
  );
}

/** The exam-quota plan: who is ready, in which order, for how many slots; what the others lack. */
function Cupo() {
  usePageTitle('Planificación del cupo de examen');
  const [plazas, setPlazas] = useState(10);
  const [permiso, setPermiso] = useState('');
  const q = useFormacion<PlanCupo>('formacion/citasaues/cupo', { plazas: String(plazas), permiso });
  const listos = q.data?.Alumnos.filter((a) => a.Listo).length ?? 0;
  return (
    <Stack>
      <Title order={2}>Planificación del cupo de examen</Title>
      <Group align="end">
        <NumberInput
          label="Plazas de examen"
          min={1}
          max={500}
          value={plazas}
          onChange={(n) => setPlazas(Math.max(1, Math.min(500, Number(n) || 1)))}
          maw={180}
        />
        <NativeSelect
          label="Permiso"
          value={permiso}
          data={[{ value: '', label: 'Todos' }, ...CLASES_PERMISO]}
          onChange={(e) => setPermiso(e.currentTarget.value)}
          maw={180}
        />
        <Button component={Link} to="/citasaues/lista" variant="default">
          Volver a las citas
        </Button>
      </Group>
      {q.data && (
        <Card withBorder padding="sm">
          <Text size="sm">
            {listos} alumnos listos (teórico aprobado y al menos {q.data.MinimoClases} clases prácticas). Se proponen
            los {Math.min(listos, q.data.Plazas)} primeros: antes quien perdería antes el teórico, luego quien más
            clases ha hecho y menos suspensos tiene.
          </Text>
        </Card>
      )}
      {q.data && (
        <Tabla
          filas={q.data.Alumnos}
          clave={(a) => a.IdAlumno}
          minWidth={820}
          columnas={[
            { titulo: 'Puesto', valor: (a) => (a.Puesto ? String(a.Puesto) : '') },
            { titulo: 'Alumno', valor: (a) => a.Nombre },
            { titulo: 'Permiso', valor: (a) => a.Permiso ?? '' },
            { titulo: 'Clases', valor: (a) => String(a.Clases) },
            { titulo: 'Teórico aprobado', valor: (a) => fechaEs(a.Teorico) },
            { titulo: 'Suspensos', valor: (a) => String(a.Suspensos) },
            {
              titulo: 'Situación',
              valor: (a) => (
                <Group gap={6} wrap="nowrap">
                  {a.Propuesto && (
                    <Badge color="green" variant="light">
                      Propuesto
                    </Badge>
                  )}
                  <Text size="sm">{a.Motivo}</Text>
                </Group>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
