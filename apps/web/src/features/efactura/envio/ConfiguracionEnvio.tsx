import { OPCIONES_CANAL_EFACTURA } from '@faro/domain';
import { Alert, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonProtegido } from '../../../ui/BotonProtegido.tsx';
import { erroresDelGuardado, ligarSelect, ligarTexto } from '../../../ui/form/erroresCampo.ts';
import { claveEnvios } from './EstadoEnvioFactura.tsx';
import { type ConfigEnvio, RUTA_ENVIOS } from './envioApi.ts';

type Valores = { CanalDefecto: string; UrlSpfe: string; UrlPeppol: string; UrlFace: string };

/**
 * The company's e-invoicing settings: the channel of customers without their own (the PDF by e-mail keeps the
 * «Enviar por email» button as the way), and the platforms' addresses (the AEAT's SPFE, the contracted Peppol access
 * point — Faro is not one — and FACe).
 */
export function ConfiguracionEnvio() {
  const { info } = useReady();
  const client = useQueryClient();
  const config = useQuery({
    queryKey: [...claveEnvios(info.IdEmpresa), 'config'],
    queryFn: () => api.get<ConfigEnvio>(`${RUTA_ENVIOS}/config`),
  });
  const [v, setV] = useState<Valores | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [ocupado, setOcupado] = useState(false);
  useEffect(() => {
    const c = config.data;
    if (c && !v)
      setV({
        CanalDefecto: c.CanalDefecto,
        UrlSpfe: c.UrlSpfe ?? '',
        UrlPeppol: c.UrlPeppol ?? '',
        UrlFace: c.UrlFace ?? '',
      });
  }, [config.data, v]);
  if (!v) return <Loader size="sm" />;
  const texto = ligarTexto(v, setV, errores);
  const guardar = async () => {
    setOcupado(true);
    setErrores({});
    try {
      const vacio = (x: string) => x.trim() || null;
      await api.put(
        `${RUTA_ENVIOS}/config`,
        {
          CanalDefecto: v.CanalDefecto,
          UrlSpfe: vacio(v.UrlSpfe),
          UrlPeppol: vacio(v.UrlPeppol),
          UrlFace: vacio(v.UrlFace),
        },
        { silent: true },
      );
      notifySuccess('Configuración de factura electrónica guardada');
      await client.invalidateQueries({ queryKey: claveEnvios(info.IdEmpresa) });
    } catch (error) {
      setErrores(erroresDelGuardado(error));
    } finally {
      setOcupado(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void guardar();
      }}
    >
      <Stack maw={640}>
        {errores._ && (
          <Alert color="red" variant="light" role="alert">
            {errores._}
          </Alert>
        )}
        <Select
          label="Canal por defecto"
          description="El de los clientes que no tienen uno propio"
          data={OPCIONES_CANAL_EFACTURA}
          allowDeselect={false}
          {...ligarSelect(v, setV, errores)('CanalDefecto')}
        />
        <TextInput label="Dirección de la SPFE (AEAT)" placeholder="https://" {...texto('UrlSpfe')} />
        <TextInput
          label="Dirección del punto de acceso Peppol"
          description="Faro no es un punto de acceso Peppol: entrega la factura al que tengas contratado"
          placeholder="https://"
          {...texto('UrlPeppol')}
        />
        <TextInput label="Dirección de FACe" placeholder="https://" {...texto('UrlFace')} />
        {config.data?.InicioEfactura && (
          <Text size="sm" c="dimmed">
            Primera factura estructurada enviada el {config.data.InicioEfactura.split('-').reverse().join('/')}: el PDF
            legible la acompaña durante 12 meses salvo que el cliente renuncie.
          </Text>
        )}
        <div>
          <BotonProtegido permiso="VentasFact" accion="configurar" type="submit" loading={ocupado}>
            Guardar configuración
          </BotonProtegido>
        </div>
      </Stack>
    </form>
  );
}
