import { MSG } from '@faro/domain';
import {
  Button,
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
import { type ConfigTbai, ENTIDAD_TBAI, fechaHoraTexto, RUTA_TBAI } from './ticketbaiModel.ts';

// TicketBAI settings: software licence and device, environment and destination, LROE model, the certificate.
export function ConfiguracionTicketBai({ editable, onSaved }: { editable: boolean; onSaved?: () => void }) {
  const { info } = useReady();
  const cfg = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, ENTIDAD_TBAI), 'config'],
    queryFn: () => api.get<ConfigTbai>(`${RUTA_TBAI}/config`),
  });
  if (!cfg.data) return <Loader size="sm" />;
  return <Formulario key={JSON.stringify(cfg.data)} inicial={cfg.data} editable={editable} onSaved={onSaved} />;
}

function Formulario({ inicial, editable, onSaved }: { inicial: ConfigTbai; editable: boolean; onSaved?: () => void }) {
  const { info } = useReady();
  const client = useQueryClient();
  const [v, setV] = useState(inicial);
  const [fichero, setFichero] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const set = <K extends keyof ConfigTbai>(k: K, valor: ConfigTbai[K]) => setV({ ...v, [k]: valor });
  const guardado = async (nuevo: ConfigTbai) => {
    client.setQueryData([...qk.entity(info.IdEmpresa, ENTIDAD_TBAI), 'config'], nuevo);
    onSaved?.();
  };
  const guardar = async () => {
    setErrores({});
    try {
      const nuevo = await api.put<ConfigTbai>(`${RUTA_TBAI}/config`, {
        Licencia: v.Licencia,
        NifDesarrollador: v.NifDesarrollador,
        NombreSoftware: v.NombreSoftware,
        Version: v.Version,
        Dispositivo: v.Dispositivo ?? '',
        Entorno: v.Entorno,
        EnvioReal: v.EnvioReal,
        Url: v.Url ?? '',
        ModeloLroe: v.ModeloLroe,
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
      const nuevo = await call<ConfigTbai>('POST', `${RUTA_TBAI}/certificado`, { form });
      notifySuccess('Certificado cargado');
      setFichero(null);
      setPassword('');
      await guardado(nuevo);
    } catch {
      // the toast shows the error
    }
  };
  const campo = (k: keyof ConfigTbai, label: string, extra: { description?: string; maxLength?: number } = {}) => (
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
        Territorio: {inicial.ProvinciaNombre}. La licencia y el software aparecen en cada fichero TicketBAI.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {campo('Licencia', 'Licencia TicketBAI', { maxLength: 20 })}
        {campo('NifDesarrollador', 'NIF de la entidad desarrolladora', { maxLength: 9 })}
        {campo('NombreSoftware', 'Nombre del software')}
        {campo('Version', 'Versión', { maxLength: 20 })}
        {campo('Dispositivo', 'Número de serie del dispositivo', { maxLength: 30 })}
        <Select
          label="Entorno"
          data={[
            { value: 'pruebas', label: 'Pruebas' },
            { value: 'produccion', label: 'Producción' },
          ]}
          value={v.Entorno}
          onChange={(x) => set('Entorno', (x ?? 'pruebas') as ConfigTbai['Entorno'])}
          disabled={!editable}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {inicial.Provincia === 'bizkaia' && (
          <Select
            label="Modelo del LROE"
            data={[
              { value: '240', label: '240 · Personas jurídicas' },
              { value: '140', label: '140 · Personas físicas' },
            ]}
            value={v.ModeloLroe}
            onChange={(x) => set('ModeloLroe', (x ?? '240') as ConfigTbai['ModeloLroe'])}
            disabled={!editable}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {campo('Url', 'Otro destino (p. ej. simulador local)', {
          description: 'Solo se usa si no se envía al servicio de la Diputación',
        })}
      </SimpleGrid>
      <Switch
        label="Enviar al servicio de la Diputación del entorno elegido"
        checked={v.EnvioReal}
        onChange={(ev) => set('EnvioReal', ev.currentTarget.checked)}
        disabled={!editable}
      />
      {editable && (
        <Group justify="flex-end">
          <Button onClick={guardar}>Guardar</Button>
        </Group>
      )}
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Certificado de la empresa (firma y envío)
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
              <Button onClick={subir} disabled={!fichero} variant="light">
                Subir certificado
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
