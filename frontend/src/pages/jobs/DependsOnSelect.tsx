/** The "Depends on" field: a search over the department's jobs by name, several may be chosen. */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks';
import { jobsApi } from './api';
import { upstreamChoices } from './form';
import { t } from '../../i18n';

/** The server's largest page. */
const PAGE = 200;

interface Props {
  /** The job edited (never offered as its own upstream); absent for a new job. */
  self?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

export function DependsOnSelect({ self, value, onChange, id }: Props) {
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search.trim(), 300);
  const jobs = useQuery({
    queryKey: ['jobs', { name, page: 1, size: PAGE }],
    queryFn: ({ signal }) => jobsApi.list({ name: name || undefined, page: 1, size: PAGE }, signal),
  });
  const options = upstreamChoices((jobs.data?.items ?? []).map((j) => j.name), value, self).map((n) => ({ value: n, label: n }));
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={jobs.isFetching}
      placeholder={t('jobs.noUpstreams')}
      value={value}
      onChange={(v: string[]) => {
        setSearch('');
        onChange?.(v);
      }}
      options={options}
    />
  );
}
