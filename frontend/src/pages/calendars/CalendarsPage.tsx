import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { calendarsApi } from './api';
import { CalendarFormDrawer } from './CalendarFormDrawer';
import { dayCount, workingDaysText } from './days';
import { ImportIcsModal } from './ImportIcsModal';
import type { BusinessCalendar } from './types';
import { useCalendars } from './useCalendars';
import { YearView } from './YearView';

/** Saves the calendar's .ics file (fetched with the bearer header, so not a plain link). */
function useExportIcs() {
  const handleError = useApiErrorHandler();
  return async (c: BusinessCalendar) => {
    try {
      const { blob, filename } = await calendarsApi.exportIcs(c.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename === 'download' ? `${c.name}.ics` : filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      handleError(e);
    }
  };
}

const ranges = (n: number) => `${n} range${n === 1 ? '' : 's'}`;
const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The year of the calendar chosen in the list (the first until one is clicked). */
function ChosenYear({ calendar }: { calendar: BusinessCalendar }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  return (
    <Card size="small" style={{ marginTop: 16 }} title={`${calendar.name}: the year at a glance`}>
      <YearView calendar={calendar} year={year} onYearChange={setYear} />
    </Card>
  );
}

export default function CalendarsPage() {
  const canOperate = useCanOperate();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const handleError = useApiErrorHandler();
  const exportIcs = useExportIcs();
  const [editing, setEditing] = useState<BusinessCalendar | 'new' | null>(null);
  const [importing, setImporting] = useState<BusinessCalendar | null>(null);
  const calendars = useCalendars();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const items = calendars.data?.items ?? [];
  const chosen = items.find((c) => c.id === chosenId) ?? items[0];
  const remove = useMutation({
    mutationFn: (c: BusinessCalendar) => calendarsApi.remove(c.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['calendars'] }),
    onError: (e, c) => {
      // jobs still follow it: the server's message names them
      if (e instanceof ApiError && e.status === 409) notification.error({ message: `${c.name} is not deleted`, description: errorMessage(e) });
      else handleError(e);
    },
  });

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>Calendars</Typography.Title>}
      extra={
        canOperate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            New calendar
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Business calendars: the working weekdays, holidays and make-up working days a job's fires can follow. Click a name to see its year.
      </Typography.Paragraph>
      {calendars.isError && <QueryError error={calendars.error} onRetry={() => void calendars.refetch()} />}
      <Table<BusinessCalendar>
        rowKey="id"
        size="middle"
        loading={calendars.isLoading}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(c) => (c.id === chosen?.id ? 'ant-table-row-selected' : '')}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, c) => (
              <Space direction="vertical" size={0}>
                <Button type="link" aria-label={`year of ${name}`} style={{ padding: 0, height: 'auto', fontWeight: 600 }} onClick={() => setChosenId(c.id)}>
                  {name}
                </Button>
                {c.description && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.description}</Typography.Text>}
              </Space>
            ),
          },
          { title: 'Working days', dataIndex: 'workingDays', render: workingDaysText },
          {
            title: 'Holidays',
            key: 'holidays',
            render: (_, c) => <Tooltip title={ranges(c.holidays?.length ?? 0)}>{daysText(dayCount(c.holidays))}</Tooltip>,
          },
          {
            title: 'Make-up days',
            key: 'workdays',
            render: (_, c) => <Tooltip title={ranges(c.workdays?.length ?? 0)}>{daysText(dayCount(c.workdays))}</Tooltip>,
          },
          { title: 'Time zone', dataIndex: 'timeZone', render: (z?: string | null) => z || <Typography.Text type="secondary">each job's</Typography.Text> },
          { title: 'Jobs following', dataIndex: 'jobCount' },
          {
            title: 'Updated',
            key: 'updated',
            responsive: ['md'],
            render: (_, c) => `${formatTime(c.updatedAt)}${c.updatedBy ? ` by ${c.updatedBy}` : ''}`,
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, c: BusinessCalendar) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} aria-label={`export ${c.name}`} onClick={() => void exportIcs(c)}>
                  Export .ics
                </Button>
                {canOperate && (
                  <>
                    <Button size="small" icon={<UploadOutlined />} aria-label={`import into ${c.name}`} onClick={() => setImporting(c)}>
                      Import .ics
                    </Button>
                    <Button size="small" icon={<EditOutlined />} aria-label={`edit ${c.name}`} onClick={() => setEditing(c)} />
                    <Popconfirm
                      title={`Delete ${c.name}?`}
                      description={c.jobCount > 0 ? `${c.jobCount} job${c.jobCount === 1 ? ' follows' : 's follow'} it.` : undefined}
                      okText="Delete"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate(c)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`delete ${c.name}`} />
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {chosen && <ChosenYear key={chosen.id} calendar={chosen} />}
      {editing && <CalendarFormDrawer calendar={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ImportIcsModal calendar={importing} onClose={() => setImporting(null)} />
    </Card>
  );
}
