import { ENTITIES, type RouteDef } from '@faro/domain';
import { Alert, Anchor, Button, Card, Code, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { usePermiso } from '../../platform/session/usePermiso.ts';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { EntityScreen } from '../../ui/EntityScreen.tsx';
import { derecha, TablaSimple } from '../../ui/TablaSimple.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { fechaEs, useFormacion } from './formacionApi.ts';

/**
 * Office screens of the academy that add to the generic ones: the student file (matriculas) shows the student's
 * courses, authorised people, charges and the report card under the form; an online enrolment (matriculasonline)
 * is accepted or rejected; portalalumno explains the portal and the public forms.
 */
export function OficinaScreens({ action, segments, route }: { action: string; segments: string[]; route: RouteDef }) {
  if (action === 'portalalumno') return <PortalAlumno title={route.title} />;
  const entity = action === 'matriculas' ? ENTITIES.alumnos : ENTITIES.matriculasonline;
  const [vista, id] = segments;
  const editando = vista === 'editar' && id && Number(id) > 0;
  return (
    <Stack>
      <EntityScreen entity={entity} segments={segments} />
      {editando && action === 'matriculas' && <FichaAlumno id={Number(id)} />}
      {editando && action === 'matriculasonline' && <ResolverMatricula id={Number(id)} />}
    </Stack>
  );
}

interface Fila {
  Id: number;
  [k: string]: unknown;
}

function FichaAlumno({ id }: { id: number }) {
  const filtro = (f: Record<string, unknown>) => ({ TotalPagina: 50, Filtros: JSON.stringify(f) });
  const matriculas = usePermiso('AlumnoMatriculas');
  const clientes = usePermiso('ConClientes');
  const cursos = useFormacion<ListAnswer<Fila>>('formacion/cursando/list', filtro({ IdAlumno: id }));
  const autorizados = useFormacion<ListAnswer<Fila>>('formacion/autorizados/list', filtro({ IdAlumno: id }));
  const cargos = useFormacion<ListAnswer<Fila>>('formacion/cargos/list', {
    ...filtro({ IdAlumno: id }),
    Orden: 'Fecha',
    Descendente: true,
  });
  const boletin = async () => {
    const blob = await api.download(`formacion/boletin/${id}`, { trimestre: 1 });
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            Cursos, autorizados y cargos
          </Title>
          <Group>
            {matriculas.crear && (
              <Button component={Link} to="/cursando/nuevo" variant="light" size="xs">
                Apuntar a un curso
              </Button>
            )}
            {clientes.crear && (
              <Button component={Link} to="/autorizados/nuevo" variant="light" size="xs">
                Nuevo autorizado
              </Button>
            )}
            <Button onClick={boletin} variant="default" size="xs">
              Boletín de notas
            </Button>
          </Group>
        </Group>
        <Text fw={600} size="sm">
          Cursando
        </Text>
        {cursos.data?.Items.length ? (
          cursos.data.Items.map((c) => (
            <Anchor key={c.Id} component={Link} to={`/cursando/editar/${c.Id}`} size="sm">
              Curso {String(c.IdCurso)} {c.Grupo ? `· grupo ${String(c.Grupo)}` : ''} · desde{' '}
              {fechaEs(String(c.FechaAlta))}
              {c.FechaBaja ? ` hasta ${fechaEs(String(c.FechaBaja))}` : ''}
            </Anchor>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            No está apuntado a ningún curso.
          </Text>
        )}
        <Text fw={600} size="sm">
          Autorizados a recogerle
        </Text>
        {autorizados.data?.Items.length ? (
          autorizados.data.Items.map((a) => (
            <Anchor key={a.Id} component={Link} to={`/autorizados/editar/${a.Id}`} size="sm">
              {String(a.Nombre)} {a.Parentesco ? `(${String(a.Parentesco)})` : ''}
            </Anchor>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            Nadie más.
          </Text>
        )}
        <Text fw={600} size="sm">
          Cargos
        </Text>
        {cargos.data?.Items.length ? (
          <TablaSimple minWidth={420} columnas={['Fecha', 'Concepto', derecha('Importe'), 'Factura']}>
            {cargos.data.Items.map((c) => (
              <Table.Tr key={c.Id}>
                <Table.Td>{fechaEs(String(c.Fecha))}</Table.Td>
                <Table.Td>{String(c.Concepto)}</Table.Td>
                <Table.Td ta="right">{String(c.Importe)}</Table.Td>
                <Table.Td>
                  {c.IdFactura ? (
                    <Anchor component={Link} to={`/fventa/editar/${String(c.IdFactura)}`}>
                      Ver factura
                    </Anchor>
                  ) : (
                    'Pendiente'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </TablaSimple>
        ) : (
          <Text size="sm" c="dimmed">
            Sin cargos.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function ResolverMatricula({ id }: { id: number }) {
  const { info } = useReady();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fila = useFormacion<{ Estado: string }>(`formacion/matriculasonline/edit/${id}`);
  const [rechazo, setRechazo] = useState(false);
  const [mensaje, setMensaje] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (fila.data?.Estado !== 'pendiente') return null;
  const aceptar = async () => {
    const r = await api.post<{ IdAlumno: number; CodMatricula: string }>(`formacion/matriculasonline/aceptar/${id}`);
    notifySuccess(`Matrícula ${r.CodMatricula} creada`);
    await qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa] });
    navigate(`/matriculas/editar/${r.IdAlumno}`);
  };
  const rechazar = async () => {
    if (!mensaje.trim()) {
      setError('Indica el motivo del rechazo');
      return;
    }
    await api.post(`formacion/matriculasonline/rechazar/${id}`, { Mensaje: mensaje });
    notifySuccess('Solicitud rechazada');
    setRechazo(false);
    await qc.invalidateQueries({ queryKey: ['empresa', info.IdEmpresa] });
  };
  return (
    <Card withBorder>
      <Group>
        <BotonProtegido permiso="AlumnoMatriculas" onClick={aceptar}>
          Aceptar y crear la matrícula
        </BotonProtegido>
        <BotonProtegido permiso="AlumnoMatriculas" color="red" variant="light" onClick={() => setRechazo(true)}>
          Rechazar
        </BotonProtegido>
      </Group>
      <Modal opened={rechazo} onClose={() => setRechazo(false)} title="Rechazar la solicitud">
        <Stack>
          <Textarea
            label="Mensaje al solicitante"
            required
            value={mensaje}
            error={error}
            onChange={(e) => {
              setMensaje(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Button color="red" onClick={rechazar}>
            Rechazar y avisar
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}

function PortalAlumno({ title }: { title: string }) {
  usePageTitle(title);
  const { info } = useReady();
  const base = window.location.origin;
  return (
    <Stack maw={760}>
      <Title order={2}>{title}</Title>
      <Alert color="blue">
        Los alumnos y sus tutores entran con su usuario y ven en «Mis gestiones» sus matrículas, horario, saldo,
        facturas, evaluaciones y documentos. Cada persona ve solo lo suyo o lo de sus hijos.
      </Alert>
      <Text>Formulario público de matrícula online (los cursos con «Admite matrícula online»):</Text>
      <Code block>{`${base}/registroalu?academia=${encodeURIComponent(info.CodigoEmpresa)}`}</Code>
      <Group>
        <Button component={Link} to="/matriculasonline/lista" variant="light">
          Ver matrículas online
        </Button>
        <Button component={Link} to="/cursos/lista" variant="default">
          Cursos publicados
        </Button>
      </Group>
    </Stack>
  );
}
