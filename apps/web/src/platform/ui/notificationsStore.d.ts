// The notifications store module of @mantine/notifications, reached through an alias (vite.config.ts) so that the
// first load does not carry the package's <Notifications> container.
declare module 'mantine-notifications-store' {
  export { notifications } from '@mantine/notifications';
}
