import { ENTITIES, levelIn, type PermissionCode } from '@faro/domain';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useReady } from '../../platform/session/SessionProvider.tsx';

const SECTIONS: {
  to: string;
  title: string;
  text: string;
  permission?: PermissionCode;
  /** Only for these account types (the dental practice's chairs). */
  tipos?: readonly string[];
}[] = [
  {
    to: '/usuarios/lista',
    title: ENTITIES.usuarios.labelPlural,
    text: 'Usuarios, roles y acceso',
    permission: 'ConfUsuarios',
  },
  {
    to: '/roles/lista',
    title: ENTITIES.roles.labelPlural,
    text: 'Niveles de permiso por función',
    permission: 'ConfRoles',
  },
  { to: '/centros/lista', title: ENTITIES.centros.labelPlural, text: 'Centros de trabajo', permission: 'ConfCentros' },
  {
    to: '/auditoria/lista',
    title: ENTITIES.auditoria.labelPlural,
    text: 'Quién cambió qué y cuándo',
    permission: 'ConfAuditoria',
  },
  {
    to: '/empresa/editar/:empresa',
    title: ENTITIES.empresa.label,
    text: 'Datos fiscales, logotipo y textos legales',
    permission: 'ConfEmpresa',
  },
  {
    to: '/configura/editar',
    title: ENTITIES.configura.label,
    text: 'Textos de ventas y valores por defecto',
    permission: 'ConfEmpresa',
  },
  {
    to: '/configura/tiposiva/lista',
    title: 'Tipos de IVA',
    text: 'IVA, IGIC o IPSI y recargo de equivalencia',
    permission: 'ConfEmpresa',
  },
  { to: '/series/lista', title: 'Series', text: 'Series de documentos' },
  { to: '/fpago/lista', title: 'Formas de pago', text: 'Formas de pago y vencimientos' },
  { to: '/gruposcto/lista', title: ENTITIES.gruposcto.labelPlural, text: 'Grupos de contactos' },
  { to: '/contratos/lista', title: ENTITIES.contratos.labelPlural, text: 'Tipos de contrato por centro' },
  {
    to: '/sillones/lista',
    title: ENTITIES.sillones.labelPlural,
    text: 'Sillones de la clínica para las citas',
    permission: 'ConfEmpresa',
    tipos: ['odontologia'],
  },
];

/** configura/lista: the company's configuration areas the user may open. */
export function ConfiguraPage() {
  const { info, centro } = useReady();
  const visible = SECTIONS.filter(
    (s) =>
      (!s.permission || levelIn(info, s.permission, centro) > 0) && (!s.tipos || s.tipos.includes(info.TipoCuenta)),
  );
  return (
    <Stack maw={1000}>
      <Title order={1} fz="h2">
        Configuración de la empresa
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {visible.map((s) => (
          <Card
            key={s.to}
            component={Link}
            to={s.to.replace(':empresa', String(info.IdEmpresa))}
            withBorder
            radius="md"
            padding="lg"
          >
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
