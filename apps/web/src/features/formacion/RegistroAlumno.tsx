import { formatAmount } from '@faro/domain';
import { Alert, Anchor, Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { Pestanas } from '../../ui/Pestanas.tsx';
import { PublicLayout } from '../registro/PublicLayout.tsx';

interface DatosAcademia {
  Academia: string;
  PolDevoluciones: string;
  Cursos: { Id: number; Nombre: string; CuotaMensual: string | null; Tarifas: { Nombre: string; Importe: string }[] }[];
}

type Errores = Record<string, string>;
const erroresDe = (e: unknown): Errores =>
  e instanceof ApiError ? Object.fromEntries(e.fieldErrors.map((x) => [x.Campo, x.Mensaje])) : {};

/**
 * registroalu (no login): an academy's online enrolment form (`?academia=CODIGO`: its courses and fees from
 * portalalu/matonline/datosacademia) and the student sign-up with e-mail confirmation (`confirmar?token=`).
 */
export function RegistroAlumnoScreens({ segments }: { segments: string[] }) {
  const [params] = useSearchParams();
  const academia = params.get('academia') ?? '';
  if (segments[0] === 'confirmar') return <Confirmar academia={academia} token={params.get('token') ?? ''} />;
  return (
    <PublicLayout title="Alta de alumno">
      <Pestanas
        defaultValue="matricula"
        pestanas={[
          { valor: 'matricula', etiqueta: 'Matrícula online', contenido: <MatriculaOnline academia={academia} /> },
          { valor: 'cuenta', etiqueta: 'Crear cuenta', contenido: <NuevaCuenta academia={academia} /> },
        ]}
      />
      <Anchor component={Link} to="/registro" mt="md" display="block">
        Volver al acceso
      </Anchor>
    </PublicLayout>
  );
}

/** The online enrolment form of an academy (public page, and the portal's 'new enrolment'). */
export function MatriculaOnline({ academia }: { academia: string }) {
  const datos = useQuery({
    queryKey: ['publico', 'datosacademia', academia],
    queryFn: () =>
      api.get<DatosAcademia>('portalalu/matonline/datosacademia', { params: { academia }, auth: false, silent: true }),
    enabled: !!academia,
    retry: false,
  });
  const [v, setV] = useState<Record<string, string>>({});
  const [errores, setErrores] = useState<Errores>({});
  const [hecho, setHecho] = useState<string | null>(null);
  if (!academia) return <Alert color="gray">Abre el enlace de matrícula que te ha dado tu academia.</Alert>;
  if (datos.isError) return <Alert color="red">No encontramos esa academia.</Alert>;
  if (hecho) return <Alert color="green">{hecho}</Alert>;
  const campo = (k: string, label: string, extra: Partial<Parameters<typeof TextInput>[0]> = {}) => (
    <TextInput
      label={label}
      value={v[k] ?? ''}
      error={errores[k]}
      onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
      {...extra}
    />
  );
  const enviar = async () => {
    try {
      const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ''));
      const r = await api.post<{ Mensaje: string }>(
        `portalalu/matonline/solicitar?academia=${encodeURIComponent(academia)}`,
        body,
        {
          auth: false,
          silent: true,
        },
      );
      setHecho(r.Mensaje);
    } catch (e) {
      setErrores(erroresDe(e));
      if (!(e instanceof ApiError) || !e.fieldErrors.length)
        setErrores({ _: e instanceof Error ? e.message : 'Error' });
    }
  };
  return (
    <Stack>
      {datos.data && <Text fw={600}>{datos.data.Academia}</Text>}
      <Select
        label="Curso"
        required
        error={errores.IdCurso}
        value={v.IdCurso ?? null}
        onChange={(x) => setV({ ...v, IdCurso: x ?? '' })}
        data={(datos.data?.Cursos ?? []).map((c) => ({
          value: String(c.Id),
          label: `${c.Nombre}${c.CuotaMensual ? ` · ${formatAmount(c.CuotaMensual)} al mes` : ''}`,
        }))}
      />
      {campo('Nombre', 'Nombre', { required: true })}
      {campo('Apellidos', 'Apellidos', { required: true })}
      {campo('NIF', 'DNI/NIE')}
      {campo('FechaNacimiento', 'Fecha de nacimiento', { type: 'date' })}
      {campo('Email', 'Email', { required: true, type: 'email' })}
      {campo('Telefono', 'Teléfono', { type: 'tel' })}
      <Text size="sm" c="dimmed">
        Si el alumno es menor de edad, indica los datos de su tutor.
      </Text>
      {campo('NombreTutor', 'Nombre del tutor')}
      {campo('EmailTutor', 'Email del tutor', { type: 'email' })}
      {campo('TelefonoTutor', 'Teléfono del tutor', { type: 'tel' })}
      {campo('IBAN', 'IBAN para domiciliar las cuotas')}
      {errores._ && <Alert color="red">{errores._}</Alert>}
      <Button onClick={enviar}>Enviar solicitud</Button>
      {datos.data?.PolDevoluciones && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {datos.data.PolDevoluciones}
        </Text>
      )}
    </Stack>
  );
}

function NuevaCuenta({ academia }: { academia: string }) {
  const [v, setV] = useState<Record<string, string>>({ Academia: academia });
  const [errores, setErrores] = useState<Errores>({});
  const [hecho, setHecho] = useState<string | null>(null);
  if (hecho) return <Alert color="green">{hecho}</Alert>;
  const campo = (k: string, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required
      value={v[k] ?? ''}
      error={errores[k]}
      onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })}
    />
  );
  const enviar = async () => {
    try {
      const r = await api.post<{ Mensaje: string }>('formacion/registroalu/nuevacuentaalu', v, {
        auth: false,
        silent: true,
      });
      setHecho(r.Mensaje);
    } catch (e) {
      setErrores(erroresDe(e));
    }
  };
  return (
    <Stack>
      {campo('Academia', 'Código de la academia')}
      {campo('Nombre', 'Nombre')}
      {campo('Apellidos', 'Apellidos')}
      {campo('Email', 'Email', 'email')}
      <Button onClick={enviar}>Crear cuenta</Button>
    </Stack>
  );
}

function Confirmar({ academia, token }: { academia: string; token: string }) {
  const [estado, setEstado] = useState<{ ok: boolean; texto: string } | null>(null);
  useEffect(() => {
    api
      .post<{ Mensaje: string }>(
        `formacion/registroalu/confirmaemailalu?academia=${encodeURIComponent(academia)}`,
        { Token: token },
        { auth: false, silent: true },
      )
      .then((r) => setEstado({ ok: true, texto: r.Mensaje }))
      .catch((e: unknown) =>
        setEstado({ ok: false, texto: e instanceof Error ? e.message : 'El enlace no es válido o ha caducado' }),
      );
  }, [academia, token]);
  return (
    <PublicLayout title="Alta de alumno">
      {estado && <Alert color={estado.ok ? 'green' : 'red'}>{estado.texto}</Alert>}
      <Anchor component={Link} to="/registro" mt="md" display="block">
        Ir al acceso
      </Anchor>
    </PublicLayout>
  );
}
