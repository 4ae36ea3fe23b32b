import { TIPO_PLANTILLA } from '@faro/domain';
import { Center, Loader, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { errorLines } from '../../ui/form/FormField.tsx';
import { Formulario, ligarEntrada } from '../../ui/form/Formulario.tsx';
import { useForm } from '../../ui/form/useForm.ts';
import type { DocumentoVenta } from './documentosModel.ts';
import { rutaDe, useLado } from './lado.ts';

/** What the server fills (`rellenar` in the server's envio.ts): the template editor's and the long forms. */
export const MARCADORES =
  '{Nombre} {Documento} {Importe} {Vencimiento} {{cliente}} {{numero}} {{fecha}} {{total}} {{vencimiento}} {{empresa}} {{tipo}}';

export interface PlantillaEmail {
  Id: number;
  Nombre: string;
  Tipo: string;
  Asunto: string;
  Cuerpo: string | null;
  Baja?: boolean;
}

/** A template's HTML as the text the server sends (paragraphs and line breaks kept, entities decoded). */
export function textoDePlantilla(html: string | null): string {
  if (!html) return '';
  const conSaltos = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ');
  const body = new DOMParser().parseFromString(conSaltos, 'text/html').body;
  return (body.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The body of `enviar/{id}`: Asunto and Mensaje only when they differ from the template's (the server uses it). */
export function cuerpoEnvio(v: EnvioValores, plantilla: PlantillaEmail | undefined) {
  const asunto = v.Asunto.trim();
  const mensaje = v.Mensaje.trim();
  return {
    Para: v.Para.trim() || null,
    IdPlantilla: plantilla?.Id ?? null,
    Asunto: asunto && asunto !== (plantilla?.Asunto ?? '').trim() ? asunto : null,
    Mensaje: mensaje && mensaje !== textoDePlantilla(plantilla?.Cuerpo ?? null) ? mensaje : null,
  };
}

export interface EnvioValores extends Record<string, unknown> {
  Para: string;
  IdPlantilla: string | null;
  Asunto: string;
  Mensaje: string;
}

interface EnviarProps {
  recurso: string;
  doc: DocumentoVenta;
  onCerrar: () => void;
  onHecho: (para: string) => void;
}

/**
 * 'Enviar por email': the document's PDF to the customer. The template of the document's kind (the first active one
 * by default, as the server would pick) fills Asunto and Mensaje with its placeholders for the server to fill; Para
 * is the customer's e-mail. Server errors land under their fields.
 */
export function EnviarDialogo(p: EnviarProps) {
  const { info } = useReady();
  const lado = useLado();
  const tipo = TIPO_PLANTILLA[p.doc.Tipo];
  const plantillas = useQuery({
    queryKey: [...qk.entity(info.IdEmpresa, 'plantemail'), 'envio', tipo],
    queryFn: async () =>
      (
        await api.get<ListAnswer<PlantillaEmail>>('comunicaciones/plantemail/list', {
          params: { Pagina: 1, TotalPagina: 200, Filtros: JSON.stringify({ Tipo: tipo, Baja: false }) },
          background: true,
          silent: true,
        })
      ).Items.filter((t) => !t.Baja && t.Tipo === tipo),
    retry: false,
  });
  const cliente = useQuery({
    queryKey: [...qk.row(info.IdEmpresa, lado.tercero.entidad, p.doc.Cliente), 'email'],
    queryFn: () =>
      api.get<{ Email?: string | null }>(`${lado.tercero.ficha}/${p.doc.Cliente}`, { background: true, silent: true }),
    retry: false,
  });
  const cargando = plantillas.isPending || cliente.isPending;
  // Unreadable templates or customer (no permission): the server still uses both.
  const lista = plantillas.data ?? [];
  const defecto = lista.reduce<PlantillaEmail | undefined>((a, t) => (!a || t.Id < a.Id ? t : a), undefined);
  return (
    <Modal
      opened
      onClose={p.onCerrar}
      title={`Enviar ${(lado.etiquetaTipo[p.doc.Tipo] ?? p.doc.Tipo).toLowerCase()} por email`}
      centered
      size="lg"
    >
      {cargando ? (
        <Center mih={160}>
          <Loader size="sm" />
        </Center>
      ) : (
        <EnviarForm
          {...p}
          plantillas={lista}
          inicial={{
            Para: cliente.data?.Email ?? '',
            IdPlantilla: defecto ? String(defecto.Id) : null,
            Asunto: defecto?.Asunto ?? '',
            Mensaje: textoDePlantilla(defecto?.Cuerpo ?? null),
          }}
        />
      )}
    </Modal>
  );
}

function EnviarForm({
  recurso,
  doc,
  plantillas,
  inicial,
  onCerrar,
  onHecho,
}: EnviarProps & { plantillas: PlantillaEmail[]; inicial: EnvioValores }) {
  const lado = useLado();
  const form = useForm<EnvioValores>(inicial, () => ({}));
  const plantilla = (id: string | null) => plantillas.find((t) => String(t.Id) === id);
  const elegir = (id: string | null) => {
    form.set('IdPlantilla', id);
    const t = plantilla(id);
    form.set('Asunto', t?.Asunto ?? '');
    form.set('Mensaje', textoDePlantilla(t?.Cuerpo ?? null));
  };
  const enviar = () =>
    form.submit(
      async (v) => {
        const r = await api.post<{ Para: string }>(
          `${rutaDe(lado, recurso)}/enviar/${doc.Id}`,
          cuerpoEnvio(v, plantilla(v.IdPlantilla)),
        );
        onHecho(r.Para);
      },
      { force: true },
    );
  return (
    <Formulario onEnviar={enviar}>
      <Stack>
        <TextInput
          label="Para"
          placeholder="El email del cliente"
          description="Varias direcciones separadas por comas"
          data-autofocus
          {...ligarEntrada(form, 'Para')}
        />
        <Select
          label="Plantilla"
          placeholder="La de este tipo de documento"
          clearable
          data={plantillas.map((t) => ({ value: String(t.Id), label: t.Nombre }))}
          value={form.values.IdPlantilla}
          onChange={elegir}
          error={errorLines(form.errors('IdPlantilla'))}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label="Asunto" placeholder="El de la plantilla" {...ligarEntrada(form, 'Asunto')} />
        <Textarea
          label="Mensaje"
          placeholder="El de la plantilla"
          description={`Marcadores que se rellenan al enviar: ${MARCADORES}`}
          rows={7}
          {...ligarEntrada(form, 'Mensaje')}
        />
        <Text size="xs" c="dimmed">
          Se adjunta el PDF del documento.
        </Text>
        <BotonesDialogo onCancelar={onCerrar} type="submit" loading={form.submitting}>
          Enviar
        </BotonesDialogo>
      </Stack>
    </Formulario>
  );
}
