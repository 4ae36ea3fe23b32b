import { MSG } from '@faro/domain';
import {
  Card,
  FileInput,
  Group,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { type ConfiguracionVista, ENTIDAD_VF, fechaHoraTexto, RUTA_VF } from './verifactuModel.ts';

// VeriFactu settings: computer system, installation, AEAT environment and destination, the certificate.
export function ConfiguracionVerifactu({ editable, onSaved }: { editable: boolean; onSaved?: () => void }) {
  const { info } = useReady();
  const cfg = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'config'],
    queryFn: () => api.get<ConfiguracionVista>(`${RUTA_VF}/config`),
  });
  if (!cfg.data) return <Loader size="sm" />;
  return <FormConfig key={JSON.stringify(cfg.data)} inicial={cfg.data} editable={editable} onSaved={onSaved} />;
}

function FormConfig({
  inicial,
  editable,
  onSaved,
}: {
  inicial: ConfiguracionVista;
  editable: boolean;
  onSaved?: () => void;
}) {
  const { info } = useReady();
  const client = useQueryClient();
  const [v, setV] = useState(inicial);
  const [fichero, setFichero] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const set = <K extends keyof ConfiguracionVista>(k: K, valor: ConfiguracionVista[K]) => setV({ ...v, [k]: valor });
  const guardado = async (nuevo: ConfiguracionVista) => {
    client.setQueryData([...qk.entity(info.IdEmpresa, ENTIDAD_VF), 'config'], nuevo);
    onSaved?.();
  };
  const guardar = async () => {
    setErrores({});
    try {
      const nuevo = await api.put<ConfiguracionVista>(`${RUTA_VF}/config`, {
        ProductorNombre: v.ProductorNombre,
        ProductorNIF: v.ProductorNIF,
        NombreSistemaInformatico: v.NombreSistemaInformatico,
        IdSistemaInformatico: v.IdSistemaInformatico,
        Version: v.Version,
        NumeroInstalacion: v.NumeroInstalacion,
        Entorno: v.Entorno,
        EnvioAeat: v.EnvioAeat,
        Url: v.Url ?? '',
      });
      notifySuccess(MSG.saved);
      await guardado(nuevo);
    } catch (err) {
      const campos = err instanceof ApiError ? err.fieldErrors : [];
      setErrores(Object.fromEntries(campos.map((c) => [c.Campo, c.Mensaje])));
    }
  };
  const subir = async () => {
    if (!fichero) return;
    const form = new FormData();
    form.append('Password', password);
    form.append('fichero', fichero, fichero.name);
    try {
      const nuevo = await call<ConfiguracionVista>('POST', `${RUTA_VF}/certificado`, { form });
      notifySuccess('Certificado cargado');
      setFichero(null);
      setPassword('');
      await guardado(nuevo);
    } catch {
      // the toast shows the error
    }
  };
  const campo = (
    k: keyof ConfiguracionVista,
    label: string,
    extra: { description?: string; maxLength?: number } = {},
  ) => (
    <TextInput
      label={label}
      value={(v[k] as string | null) ?? ''}
      onChange={(ev) => set(k, ev.currentTarget.value as never)}
      error={errores[k]}
      disabled={!editable}
      {...extra}
    />
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Sistema informático (productor y versión) e instalación: aparecen en cada registro. Cambiar el número de
        instalación empieza una cadena nueva.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {campo('ProductorNombre', 'Productor (nombre o razón social)')}
        {campo('ProductorNIF', 'NIF del productor', { maxLength: 9 })}
        {campo('NombreSistemaInformatico', 'Nombre del sistema', { maxLength: 30 })}
        {campo('IdSistemaInformatico', 'Id. del sistema (2 caracteres)', { maxLength: 2 })}
        {campo('Version', 'Versión')}
        {campo('NumeroInstalacion', 'Número de instalación')}
        <Select
          label="Entorno de la AEAT"
          data={[
            { value: 'pruebas', label: 'Pruebas (preproducción)' },
            { value: 'produccion', label: 'Producción' },
          ]}
          value={v.Entorno}
          onChange={(x) => set('Entorno', (x ?? 'pruebas') as ConfiguracionVista['Entorno'])}
          disabled={!editable}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {campo('Url', 'Otro destino (p. ej. simulador local)', {
          description: 'Solo se usa si no se envía al servicio de la AEAT',
        })}
      </SimpleGrid>
      <Switch
        label="Enviar al servicio web de la AEAT del entorno elegido"
        checked={v.EnvioAeat}
        onChange={(ev) => set('EnvioAeat', ev.currentTarget.checked)}
        disabled={!editable}
      />
      <Text size="sm">Destino actual: {inicial.Destino ?? 'ninguno'}</Text>
      {editable && (
        <Group justify="flex-end">
          <BotonProtegido permiso="VentasVeriFactu" accion="configurar" onClick={guardar}>
            Guardar
          </BotonProtegido>
        </Group>
      )}
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Certificado de la empresa
          </Text>
          <Text size="sm" c="dimmed">
            {inicial.Certificado
              ? `Cargado: ${inicial.Certificado.Nombre ?? ''} (${fechaHoraTexto(inicial.Certificado.Subido)})`
              : 'Sin certificado'}
            . Se guarda cifrado; la contraseña nunca se muestra.
          </Text>
          {editable && (
            <Group align="flex-end" grow>
              <FileInput
                label="Fichero .p12 o .pfx"
                accept=".p12,.pfx,application/x-pkcs12"
                value={fichero}
                onChange={setFichero}
                clearable
              />
              <PasswordInput
                label="Contraseña del certificado"
                value={password}
                onChange={(ev) => setPassword(ev.currentTarget.value)}
              />
              <BotonProtegido
                permiso="VentasVeriFactu"
                accion="configurar"
                onClick={subir}
                disabled={!fichero}
                variant="light"
              >
                Subir certificado
              </BotonProtegido>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
