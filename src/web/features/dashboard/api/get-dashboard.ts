import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../domain/dashboard.ts';
import { api } from '../../../lib/api-client.ts';

export const dashboardKey = ['/api/dashboard'] as const;

export const useDashboard = () =>
  useQuery({ queryKey: dashboardKey, queryFn: () => api.get<Dashboard>('/api/dashboard') });
