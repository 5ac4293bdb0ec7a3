import { Tabs } from '@mantine/core';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuth } from '../auth/auth-provider.tsx';
import { ProfileTab } from './components/profile-tab.tsx';
import { UsersTab } from './components/users-tab.tsx';

export default function OrganizationPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  return (
    <>
      <PageHeader title="Organization" />
      <Tabs defaultValue="profile" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">Organization Profile</Tabs.Tab>
          <Tabs.Tab value="users">Users &amp; Permissions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <UsersTab isAdmin={isAdmin} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
