import { useQuery } from '@tanstack/react-query';
import { alertsApi } from './api';

/** The server's largest page: every channel in one request (there are a handful). */
const ALL = 200;

/**
 * All alert channels, one cached query shared by every page that lists or names them, with
 * `nameOf` for a channel id ("#id" while unknown or deleted, "—" for none).
 */
export function useAlertChannels({ enabled = true }: { enabled?: boolean } = {}) {
  const channels = useQuery({
    queryKey: ['alert-channels'],
    queryFn: ({ signal }) => alertsApi.channels(1, ALL, signal),
    enabled,
  });
  const nameOf = (id?: number | null) => channels.data?.items.find((c) => c.id === id)?.name ?? (id ? `#${id}` : '—');
  return { ...channels, nameOf };
}
