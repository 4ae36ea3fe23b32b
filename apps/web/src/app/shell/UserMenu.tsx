import { ROLE_LABELS, type UserMenuKey, userMenuItems } from '@faro/domain';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useReady, useSession } from '../../platform/session/SessionProvider.tsx';
import {
  IconBell,
  IconBuilding,
  IconCalendar,
  IconClock,
  IconCreditCard,
  IconFiles,
  IconHelp,
  IconKey,
  IconLogout,
  IconSearch,
  IconSettings,
  IconSwitch,
  IconUser,
  IconUsers,
} from '../../ui/icons.tsx';
import { lazyNamed } from '../../ui/lazyNamed.ts';

const ChangePasswordModal = lazyNamed(
  () => import('../../features/usuario/ChangePasswordModal.tsx'),
  'ChangePasswordModal',
);
const ChangeEmailModal = lazyNamed(() => import('../../features/usuario/ChangeEmailModal.tsx'), 'ChangeEmailModal');
const CompanyDataModal = lazyNamed(() => import('./CompanyDataModal.tsx'), 'CompanyDataModal');
const NovedadesModal = lazyNamed(
  () => import('../../features/plataforma/usuario/NovedadesModal.tsx'),
  'NovedadesModal',
);

const ICONS = {
  fichajes: IconClock,
  agenda: IconCalendar,
  configura: IconSettings,
  gestordoc: IconFiles,
  notificaciones: IconBell,
  cambiarEmpresa: IconSwitch,
  contratado: IconCreditCard,
  datosEmpresa: IconBuilding,
  aseUsuarios: IconUsers,
  aseDatos: IconBuilding,
  buscarAsesoria: IconSearch,
  cambiarContrasena: IconKey,
  cerrarSesion: IconLogout,
} satisfies Record<UserMenuKey, (p: { size?: number }) => ReactNode>;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('') || '?';

/** The user menu of spec section 2, per role. */
export function UserMenu() {
  const { info } = useReady();
  const { logout } = useSession();
  const [modal, setModal] = useState<null | 'password' | 'email' | 'datos' | 'novedades'>(null);
  const items = userMenuItems(info);
  const name = info.NombreUsuario || info.UserName;
  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        {/* Named by its content (WCAG 2.5.3 holds): 'Menú de usuario' and the visible name; the initials are decoration. */}
        <Menu.Target>
          <UnstyledButton data-testid="user-menu">
            <VisuallyHidden>Menú de usuario</VisuallyHidden>
            <Group gap={8} wrap="nowrap">
              <Avatar color="faro" radius="xl" size={32} aria-hidden>
                {initials(name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            {name} · {info.Roles.map((r) => ROLE_LABELS[r]).join(', ')}
          </Menu.Label>
          {items.map((item) => {
            const Icon = ICONS[item.key];
            const icon = <Icon size={16} />;
            if (item.key === 'cerrarSesion') {
              return (
                <Fragment key={item.key}>
                  <Menu.Item leftSection={<IconHelp size={16} />} onClick={() => setModal('novedades')}>
                    Novedades · versión {info.VersionProducto}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item leftSection={icon} color="red" onClick={() => logout()}>
                    {item.label}
                  </Menu.Item>
                </Fragment>
              );
            }
            if (item.key === 'cambiarContrasena') {
              // Beside the password: the person's own e-mail (confirmed from the new address).
              return (
                <Fragment key={item.key}>
                  <Menu.Item leftSection={icon} onClick={() => setModal('password')}>
                    {item.label}
                  </Menu.Item>
                  <Menu.Item leftSection={<IconUser size={16} />} onClick={() => setModal('email')}>
                    Cambiar correo electrónico
                  </Menu.Item>
                </Fragment>
              );
            }
            if (item.href) {
              return (
                <Menu.Item key={item.key} leftSection={icon} component={Link} to={item.href}>
                  {item.label}
                </Menu.Item>
              );
            }
            return (
              <Menu.Item
                key={item.key}
                leftSection={icon}
                onClick={() => setModal(item.key === 'cambiarContrasena' ? 'password' : 'datos')}
              >
                {item.label}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {modal === 'password' && <ChangePasswordModal onClose={() => setModal(null)} />}
        {modal === 'email' && <ChangeEmailModal onClose={() => setModal(null)} />}
        {modal === 'datos' && <CompanyDataModal focus="datos" onClose={() => setModal(null)} />}
        {modal === 'novedades' && <NovedadesModal onClose={() => setModal(null)} />}
      </Suspense>
    </>
  );
}
