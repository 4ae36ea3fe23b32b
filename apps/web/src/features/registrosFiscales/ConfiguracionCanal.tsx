import { MSG } from '@faro/domain';
import { Group, Loader, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { BotonProtegido } from '../../ui/BotonProtegido.tsx';
import { CertificadoCanal } from './CertificadoCanal.tsx';
import type { CampoConfig, CanalFiscal, ConfigFiscal, EnvioFiscal, FilaFiscal } from './canal.ts';

interface Props<F extends FilaFiscal, E extends EnvioFiscal, C extends ConfigFiscal> {
  canal: CanalFiscal<F, E, C>;
  editable: boolean;
  onSaved?: () => void;
}

/**
 * A channel's settings (`GET/PUT …/config`): its own fields, the environment and destination, and the company's
 * certificate. Saving (or uploading a certificate) puts the answer in the cache and refreshes the queue.
 */
export function ConfiguracionCanal<F extends FilaFiscal, E extends EnvioFiscal, C extends ConfigFiscal>(
  p: Props<F, E, C>,
) {
  const { info } = useReady();
  const cfg = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, p.canal.entidad), 'config'],
    queryFn: () => api.get<C>(`${p.canal.ruta}/config`),
  });
  if (!cfg.data) return <Loader size="sm" />;
  return <Formulario key={JSON.stringify(cfg.data)} inicial={cfg.data} {...p} />;
}

/** A settings value as the text input shows it. */
const texto = (valor: unknown) => (typeof valor === 'string' ? valor : '');

function Formulario<F extends FilaFiscal, E extends EnvioFiscal, C extends ConfigFiscal>({
  canal,
  inicial,
  editable,
  onSaved,
}: Props<F, E, C> & { inicial: C }) {
  const { info } = useReady();
  const client = useQueryClient();
  const decl = canal.config;
  const [v, setV] = useState(inicial);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const set = (k: keyof C & string, valor: unknown) => setV({ ...v, [k]: valor });
  const guardado = async (nuevo: C) => {
    client.setQueryData([...qk.entity(info.IdEmpresa, canal.entidad), 'config'], nuevo);
    onSaved?.();
  };
  const guardar = async () => {
    setErrores({});
    // Every declared field (a hidden choice keeps its value), an empty text as '', and the sending switch.
    const cuerpo = Object.fromEntries([
      ...decl.campos.map((c) => [c.clave, v[c.clave] ?? '']),
      [decl.envio.clave, v[decl.envio.clave]],
    ]);
    try {
      const nuevo = await api.put<C>(`${canal.ruta}/config`, cuerpo);
      notifySuccess(MSG.saved);
      await guardado(nuevo);
    } catch (err) {
      const campos = err instanceof ApiError ? err.fieldErrors : [];
      setErrores(Object.fromEntries(campos.map((c) => [c.Campo, c.Mensaje])));
    }
  };
  const campo = (c: CampoConfig<C>) => {
    if (!('opciones' in c)) {
      return (
        <TextInput
          key={c.clave}
          label={c.label}
          value={texto(v[c.clave])}
          onChange={(ev) => set(c.clave, ev.currentTarget.value)}
          error={errores[c.clave]}
          disabled={!editable}
          description={c.description}
          maxLength={c.maxLength}
        />
      );
    }
    if (c.visible && !c.visible(inicial)) return null;
    return (
      <Select
        key={c.clave}
        label={c.label}
        data={c.opciones}
        value={texto(v[c.clave])}
        onChange={(x) => set(c.clave, x ?? c.opciones[0]?.value)}
        disabled={!editable}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {decl.intro(inicial)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {decl.campos.map(campo)}
      </SimpleGrid>
      <Switch
        label={decl.envio.label}
        checked={v[decl.envio.clave] === true}
        onChange={(ev) => set(decl.envio.clave, ev.currentTarget.checked)}
        disabled={!editable}
      />
      {decl.destinoActual && <Text size="sm">Destino actual: {inicial.Destino ?? 'ninguno'}</Text>}
      {editable && (
        <Group justify="flex-end">
          <BotonProtegido permiso={canal.permiso} accion="configurar" onClick={guardar}>
            Guardar
          </BotonProtegido>
        </Group>
      )}
      <CertificadoCanal
        canal={canal}
        titulo={decl.certificado}
        actual={inicial.Certificado}
        editable={editable}
        onCargado={guardado}
      />
    </Stack>
  );
}
