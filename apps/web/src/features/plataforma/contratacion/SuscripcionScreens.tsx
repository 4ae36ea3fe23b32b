import { formatAmount, MODULE_FLAGS, type ModuleFlag, PLANES, type PlanSuscripcion, type RouteDef } from '@faro/domain';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { PantallaDeAccion } from '../../../ui/PlaceholderPage.tsx';
import { BotonPdf, fechaHora, Pagina, Tabla, useLista } from '../comun.tsx';

/** contratado (the company's plan and services) and videotutoriales (open to every signed-in user). */
export function SuscripcionScreens({ action, route }: { action: string; segments: string[]; route: RouteDef }) {
  return (
    <PantallaDeAccion
      pantallas={{ contratado: Contratado, videotutoriales: Videotutoriales }}
      action={action}
      title={route.title}
    />
  );
}

interface ContratadoVista {
  Plan: string;
  PlanSiguiente: string | null;
  Usuarios: number;
  Centros: number;
  NumUsuarios: number;
  Modulos: Record<ModuleFlag, boolean>;
  EntidadPruebas: boolean;
  Propietario: boolean;
  Contratos: { Id: number; Titulo: string; Estado: string; Firmado: string | null; Hash: string | null }[];
  /** The subscription fee invoices the platform company issued to this company. */
  Facturas?: { Periodo: string; Plan: string; NumSerie: string | null; Total: string }[];
}

function Contratado() {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['plataforma', 'contratado'],
    queryFn: () => api.get<ContratadoVista>('usuarios/usuario/contratado'),
  });
  const d = q.data;
  const cambiar = async (p: PlanSuscripcion) => {
    const r = await api.put<{ Mensaje: string }>('usuarios/usuario/contratado', { Plan: p.Codigo });
    notifySuccess(r.Mensaje);
    await client.invalidateQueries({ queryKey: ['plataforma', 'contratado'] });
  };
  const firmado = d?.Contratos.find((c) => c.Estado === 'firmado');
  return (
    <Pagina titulo="Suscripción y servicios">
      {!d ? (
        <Text c="dimmed">Cargando datos...</Text>
      ) : (
        <>
          <Card withBorder>
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>Plan actual: {PLANES.find((p) => p.Codigo === d.Plan)?.Nombre ?? d.Plan}</Text>
                {d.EntidadPruebas && (
                  <Badge color="orange" variant="light">
                    Entorno de pruebas
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {d.NumUsuarios} de {d.Usuarios} usuarios · {d.Centros} centros
              </Text>
              {d.PlanSiguiente && (
                <Text size="sm" c="dimmed">
                  Al final del periodo pasarás al plan {PLANES.find((p) => p.Codigo === d.PlanSiguiente)?.Nombre}.
                </Text>
              )}
              <Group gap={4} mt="xs">
                {(Object.keys(MODULE_FLAGS) as ModuleFlag[])
                  .filter((m) => d.Modulos[m])
                  .map((m) => (
                    <Badge key={m} variant="light">
                      {MODULE_FLAGS[m]}
                    </Badge>
                  ))}
              </Group>
            </Stack>
          </Card>
          <Title order={2} fz="h3">
            Cambiar de plan
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {PLANES.map((p) => (
              <Card key={p.Codigo} withBorder>
                <Stack gap={4}>
                  <Text fw={600}>{p.Nombre}</Text>
                  <Text>{formatAmount(p.PrecioMes, { decimals: 0 })}/mes (IVA no incluido)</Text>
                  <Text size="sm" c="dimmed">
                    {p.Usuarios} usuarios, {p.Centros} centros
                  </Text>
                  {p.Codigo === d.Plan ? (
                    <Badge variant="light">Tu plan</Badge>
                  ) : (
                    <Button size="xs" variant="light" disabled={!d.Propietario} onClick={() => cambiar(p)}>
                      Cambiar a {p.Nombre}
                    </Button>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Subir de plan se aplica al momento; bajar, al final del periodo. Sólo el propietario puede cambiarlo.
          </Text>
          <Title order={2} fz="h3">
            Facturas de la suscripción
          </Title>
          <Tabla
            etiqueta="Facturas de la suscripción"
            filas={d.Facturas ?? []}
            clave={(f) => f.Periodo}
            vacio="Todavía no hay facturas de la suscripción."
            columnas={[
              { titulo: 'Mes', celda: (f) => f.Periodo.split('-').reverse().join('/') },
              { titulo: 'Factura', celda: (f) => f.NumSerie ?? '—' },
              { titulo: 'Plan', celda: (f) => PLANES.find((p) => p.Codigo === f.Plan)?.Nombre ?? f.Plan },
              { titulo: 'Total', celda: (f) => formatAmount(f.Total), numerica: true },
              {
                titulo: 'PDF',
                celda: (f) => (
                  <BotonPdf path={`usuarios/usuario/contratado/factura/${f.Periodo}`}>
                    Descargar {f.NumSerie ?? f.Periodo}
                  </BotonPdf>
                ),
              },
            ]}
          />
          <Title order={2} fz="h3">
            Documentos del contrato
          </Title>
          <Group gap="xs">
            {firmado ? (
              <>
                <BotonPdf path="usuarios/usuario/vercontratofirmado">Contrato firmado</BotonPdf>
                <BotonPdf path="usuarios/usuario/vercertificado">Certificado de firma</BotonPdf>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No hay contrato firmado.
              </Text>
            )}
            <BotonPdf path="usuarios/usuario/verenctratamiento">Encargo del tratamiento (RGPD art. 28)</BotonPdf>
          </Group>
          {firmado && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              Firmado el {fechaHora(firmado.Firmado)} · SHA-256 {firmado.Hash}
            </Text>
          )}
        </>
      )}
    </Pagina>
  );
}

interface Video {
  Id: number;
  Categoria: string;
  Titulo: string;
  Descripcion: string;
  Url: string;
}

function Videotutoriales() {
  const q = useLista<Video>('usuarios/usuario/videotutoriales');
  const grupos = new Map<string, Video[]>();
  for (const v of q.data?.Items ?? []) grupos.set(v.Categoria, [...(grupos.get(v.Categoria) ?? []), v]);
  return (
    <Pagina titulo="Videotutoriales">
      {q.data && grupos.size === 0 && <Text c="dimmed">Todavía no hay vídeos para tu tipo de cuenta</Text>}
      {[...grupos].map(([cat, vs]) => (
        <Stack key={cat} gap="xs">
          <Title order={2} fz="h3">
            {cat}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {vs.map((v) => (
              <Card key={v.Id} withBorder>
                <Anchor href={v.Url} target="_blank" rel="noopener noreferrer" fw={600}>
                  {v.Titulo}
                </Anchor>
                {v.Descripcion && (
                  <Text size="sm" c="dimmed">
                    {v.Descripcion}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Pagina>
  );
}
