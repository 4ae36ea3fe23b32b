import {
  ACCOUNT_TYPES,
  formatAmount,
  PASSWORD_HINT,
  PLANES,
  type RouteDef,
  sanitizeRichText,
  TIPOS_CUENTA_TEXTO,
} from '@faro/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { erroresDe } from '../../../ui/form/erroresCampo.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { CamposFirma, FIRMA_VACIA } from './CamposFirma.tsx';
import { FirmaDibujada } from './FirmaDibujada.tsx';

const REG = 'usuarios/registro';
const TIPOS = ACCOUNT_TYPES.map((t) => ({ value: t, label: TIPOS_CUENTA_TEXTO[t] }));
const open = { auth: false } as const;

/**
 * contratacion (open route, also from the test banner's 'Contratar' in a new tab): `nuevo` is the contracting flow
 * (plan, company, owner account, SEPA mandate; the contract and its code go by e-mail); `firmar/{token}` is the
 * signature page the e-mailed link opens.
 */
export function ContratacionScreens({ segments }: { action?: string; segments: string[]; route?: RouteDef }) {
  usePageTitle('Contratación');
  const token = segments[0] === 'firmar' ? segments[1] : undefined;
  return (
    <Container size="md" py="lg">
      {token ? <Firma token={token} /> : <NuevaContratacion />}
    </Container>
  );
}

const VACIO = {
  TipoCuenta: 'general',
  Plan: 'basico',
  NombreEmpresa: '',
  NIF: '',
  Direccion: '',
  CodPostal: '',
  Poblacion: '',
  Iban: '',
  Nombre: '',
  Apellido1: '',
  Email: '',
  Usuario: '',
  Password: '',
  AceptaCondiciones: false,
};
type Datos = typeof VACIO;
const PASO_DE: Record<string, number> = {
  TipoCuenta: 0,
  Plan: 0,
  NombreEmpresa: 1,
  NIF: 1,
  Direccion: 1,
  CodPostal: 1,
  Poblacion: 1,
  Iban: 1,
  Nombre: 2,
  Apellido1: 2,
  Email: 2,
  Usuario: 2,
  Password: 2,
  AceptaCondiciones: 2,
};

function NuevaContratacion() {
  const [paso, setPaso] = useState(0);
  const [v, setV] = useState<Datos>(VACIO);
  const [err, setErr] = useState<Record<string, string>>({});
  const [enviado, setEnviado] = useState<string | null>(null);
  const set = <K extends keyof Datos>(k: K, val: Datos[K]) => setV({ ...v, [k]: val });
  const texto = (k: keyof Datos, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      withAsterisk={k !== 'Apellido1'}
      value={String(v[k])}
      error={err[k]}
      onChange={(e) => set(k, e.currentTarget.value as never)}
      {...extra}
    />
  );
  const enviar = async () => {
    setErr({});
    try {
      // The signing link travels only by e-mail: the answer is the same whether the user name was free or taken.
      const r = await api.post<{ Mensaje: string }>(`${REG}/nuevacontratacion`, v, open);
      notifySuccess(r.Mensaje);
      setEnviado(r.Mensaje);
    } catch (e) {
      const campos = e instanceof ApiError ? e.fieldErrors : [];
      setErr(Object.fromEntries(campos.map((c) => [c.Campo, c.Mensaje])));
      const primero = campos.map((c) => PASO_DE[c.Campo] ?? 3).sort()[0];
      if (primero !== undefined) setPaso(primero);
    }
  };
  if (enviado)
    return (
      <Stack gap="md">
        <Title order={1} fz="h2">
          Revisa tu correo
        </Title>
        <Alert color="blue" title="Contrato enviado">
          {enviado}. El correo trae también el código para firmarlo.
        </Alert>
      </Stack>
    );
  const plan = PLANES.find((p) => p.Codigo === v.Plan);
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Contratar Faro
      </Title>
      <Stepper active={paso} onStepClick={setPaso} size="sm" wrap>
        <Stepper.Step label="Plan">
          <Stack gap="sm" mt="md">
            <Radio.Group label="Tipo de cuenta" value={v.TipoCuenta} onChange={(t) => set('TipoCuenta', t)}>
              <Group mt="xs">
                {TIPOS.map((t) => (
                  <Radio key={t.value} value={t.value} label={t.label} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group label="Plan" value={v.Plan} onChange={(p) => set('Plan', p)}>
              <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                {PLANES.map((p) => (
                  <Card key={p.Codigo} withBorder>
                    <Radio value={p.Codigo} label={`${p.Nombre}: ${formatAmount(p.PrecioMes, { decimals: 0 })}/mes`} />
                    <Text size="sm" c="dimmed" mt={4}>
                      {p.Usuarios} usuarios, {p.Centros} centros, {p.Modulos.length} módulos. IVA no incluido.
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Empresa">
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            {texto('NombreEmpresa', 'Nombre de la empresa')}
            {texto('NIF', 'NIF')}
            {texto('Direccion', 'Dirección')}
            {texto('CodPostal', 'Código postal', { maxLength: 5 })}
            {texto('Poblacion', 'Población')}
            {texto('Iban', 'IBAN para el adeudo SEPA de la cuota', {
              description: 'La cuota se cobra por domiciliación SEPA',
            })}
          </SimpleGrid>
        </Stepper.Step>
        <Stepper.Step label="Titular">
          <Stack gap="sm" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {texto('Nombre', 'Nombre')}
              {texto('Apellido1', 'Apellidos')}
              {texto('Email', 'Email', { type: 'email' })}
              {texto('Usuario', 'Usuario')}
              <PasswordInput
                label="Contraseña"
                withAsterisk
                description={PASSWORD_HINT}
                value={v.Password}
                error={err.Password}
                onChange={(e) => set('Password', e.currentTarget.value)}
              />
            </SimpleGrid>
            <Checkbox
              label="He leído y acepto las condiciones generales y la política de privacidad"
              checked={v.AceptaCondiciones}
              error={err.AceptaCondiciones}
              onChange={(e) => set('AceptaCondiciones', e.currentTarget.checked)}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Revisar">
          <Card withBorder mt="md">
            <Stack gap={4}>
              <Text>
                <b>Plan:</b> {plan?.Nombre} ({formatAmount(plan?.PrecioMes, { decimals: 0 })}/mes) ·{' '}
                {TIPOS_CUENTA_TEXTO[v.TipoCuenta as 'general']}
              </Text>
              <Text>
                <b>Empresa:</b> {v.NombreEmpresa} · {v.NIF} · {v.Direccion}, {v.CodPostal} {v.Poblacion}
              </Text>
              <Text>
                <b>Titular:</b> {v.Nombre} {v.Apellido1} · {v.Email} · usuario {v.Usuario}
              </Text>
              <Text size="sm" c="dimmed">
                Al continuar generamos el contrato y te enviamos por correo un código para firmarlo.
              </Text>
            </Stack>
          </Card>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" disabled={paso === 0} onClick={() => setPaso(paso - 1)}>
          Anterior
        </Button>
        {paso < 3 ? (
          <Button onClick={() => setPaso(paso + 1)}>Siguiente</Button>
        ) : (
          <Button onClick={enviar}>Generar el contrato</Button>
        )}
      </Group>
    </Stack>
  );
}

interface Vista {
  Titulo: string;
  Texto: string;
  Estado: string;
  Empresa: string;
  CodigoEmpresa: string;
  Email: string;
  Hash: string | null;
}

/** The contract and its signature: the typed name and the one-time code e-mailed to the owner. */
function Firma({ token }: { token: string }) {
  const q = useQuery({
    queryKey: ['contratacion', token],
    queryFn: () => api.get<Vista>(`${REG}/contrato/${token}`, open),
  });
  const [firma, setFirma] = useState(FIRMA_VACIA);
  const [trazo, setTrazo] = useState<string | null>(null);
  const [err, setErr] = useState<Record<string, string>>({});
  const [hecho, setHecho] = useState<{ Hash: string; CodigoEmpresa: string } | null>(null);
  if (q.isError) return <Alert color="red">El enlace del contrato no es válido</Alert>;
  if (!q.data) return <Text c="dimmed">Cargando datos...</Text>;
  const c = q.data;
  const firmado = hecho ?? (c.Estado === 'firmado' ? { Hash: c.Hash ?? '', CodigoEmpresa: c.CodigoEmpresa } : null);
  const verPdf = async () => {
    const blob = await call<Blob>('GET', `${REG}/contrato/${token}/pdf`, { auth: false, binary: true, silent: true });
    window.open(URL.createObjectURL(blob), '_blank', 'noopener');
  };
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {c.Titulo}
      </Title>
      <Text c="dimmed">{c.Empresa}</Text>
      <Card withBorder mah={420} style={{ overflow: 'auto' }} tabIndex={0} aria-label="Texto del contrato">
        {/* The template is sanitised when saved and the company's values are escaped; sanitised again here. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised rich text */}
        <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(c.Texto) }} />
      </Card>
      <Group>
        <Button variant="light" onClick={() => verPdf().catch(() => {})}>
          Ver el contrato en PDF
        </Button>
      </Group>
      {firmado ? (
        <Alert color="green" title="Contrato firmado">
          <Stack gap={4}>
            <Text>El contrato se ha firmado correctamente. Ya puedes iniciar sesión.</Text>
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              SHA-256: {firmado.Hash}
            </Text>
            <Text size="sm">Código de empresa: {firmado.CodigoEmpresa}</Text>
            <Anchor href="/">Iniciar sesión</Anchor>
          </Stack>
        </Alert>
      ) : (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} fz="h3">
              Firma
            </Title>
            <Text size="sm">
              Escribe tu nombre completo como firma y el código de 6 cifras que hemos enviado a {c.Email}. Si quieres,
              dibuja también tu firma.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CamposFirma firma={firma} cambiar={setFirma} errores={err} />
            </SimpleGrid>
            <FirmaDibujada onChange={setTrazo} />
            {err.Trazo && (
              <Text size="sm" c="red" role="alert">
                {err.Trazo}
              </Text>
            )}
            <Group>
              <Button
                onClick={async () => {
                  setErr({});
                  try {
                    const r = await api.post<{ Hash: string; CodigoEmpresa: string; Mensaje: string }>(
                      `${REG}/contrato/${token}/firmar`,
                      { ...firma, ...(trazo ? { Trazo: trazo } : {}) },
                      open,
                    );
                    notifySuccess(r.Mensaje);
                    setHecho(r);
                  } catch (e) {
                    setErr(erroresDe(e));
                  }
                }}
              >
                Firmar el contrato
              </Button>
              <Button
                variant="subtle"
                onClick={async () => {
                  const r = await api.post<{ Mensaje: string }>(`${REG}/contrato/${token}/codigo`, {}, open);
                  notifySuccess(r.Mensaje);
                }}
              >
                Enviar otro código
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
