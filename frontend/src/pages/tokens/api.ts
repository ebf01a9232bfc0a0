import { http, type Page } from '../../api/http';
import type { CreatedServiceToken, CreateServiceTokenRequest, ServiceToken } from './types';

export const serviceTokensApi = {
  list: async (signal?: AbortSignal) =>
    (await http.get<Page<ServiceToken>>('/service-tokens', { page: 1, size: 200 }, signal)).items ?? [],
  create: (request: CreateServiceTokenRequest) => http.post<CreatedServiceToken>('/service-tokens', request),
  revoke: (id: ServiceToken['id']) => http.post<ServiceToken>(`/service-tokens/${id}/revoke`),
};
