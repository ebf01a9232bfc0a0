import { http, type Page } from '../../api/http';
import type { Alert, AlertFilter, Channel, ChannelRequest, TestResult } from './types';

export const alertsApi = {
  channels: (page: number, size: number, signal?: AbortSignal) => http.get<Page<Channel>>('/alert-channels', { page, size }, signal),
  createChannel: (channel: ChannelRequest) => http.post<Channel>('/alert-channels', channel),
  updateChannel: (id: number, channel: ChannelRequest) => http.put<Channel>(`/alert-channels/${id}`, channel),
  removeChannel: (id: number) => http.delete<void>(`/alert-channels/${id}`),
  testChannel: (id: number) => http.post<TestResult>(`/alert-channels/${id}/test`),
  history: (filter: AlertFilter, signal?: AbortSignal) => http.get<Page<Alert>>('/alerts', { ...filter }, signal),
};

/** The history refreshes this often (ms): alerts are what someone is waiting for. */
export const ALERTS_POLL_MS = 10_000;
