import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, useApiErrorHandler } from '../../api/errors';
import { ApiError } from '../../api/http';
import { useCanOperate } from '../../auth/AuthProvider';
import { QueryError } from '../../components/QueryError';
import { formatTime } from '../../format';
import { t } from '../../i18n';
import { calendarsApi } from './api';
import { CalendarFormDrawer } from './CalendarFormDrawer';
import { dayCount, workingDaysText } from './days';
import { ImportIcsModal } from './ImportIcsModal';
import type { BusinessCalendar } from './types';
import { useCalendars } from './useCalendars';
import { YearView } from './YearView';

/** Saves the calendar's .ics file (fetched with the department header, so not a plain link). */
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

const ranges = (count: number) => t('calendars.rangeCount', { count });
const daysText = (count: number) => t('calendars.dayCount', { count });

/** The year of the calendar chosen in the list (the first until one is clicked). */
function ChosenYear({ calendar }: { calendar: BusinessCalendar }) {
  const [year, setYear] = useState(() => new Date().getFullYear());
  return (
    <Card size="small" style={{ marginTop: 16 }} title={t('calendars.yearAtAGlanceOf', { name: calendar.name })}>
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
      if (e instanceof ApiError && e.status === 409) notification.error({ message: t('calendars.notDeleted', { name: c.name }), description: errorMessage(e) });
      else handleError(e);
    },
  });

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('calendars.title')}</Typography.Title>}
      extra={
        canOperate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('calendars.newCalendar')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('calendars.intro')}</Typography.Paragraph>
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
            title: t('common.name'),
            dataIndex: 'name',
            render: (name: string, c) => (
              <Space direction="vertical" size={0}>
                <Button type="link" aria-label={t('calendars.yearOf', { name })} style={{ padding: 0, height: 'auto', fontWeight: 600 }} onClick={() => setChosenId(c.id)}>
                  <span data-literal>{name}</span>
                </Button>
                {c.description && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} data-literal>
                    {c.description}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('calendars.workingDays'), dataIndex: 'workingDays', render: (days: BusinessCalendar['workingDays']) => workingDaysText(days) },
          {
            title: t('calendars.holidays'),
            key: 'holidays',
            render: (_, c) => <Tooltip title={ranges(c.holidays?.length ?? 0)}>{daysText(dayCount(c.holidays))}</Tooltip>,
          },
          {
            title: t('calendars.makeUpDays'),
            key: 'workdays',
            render: (_, c) => <Tooltip title={ranges(c.workdays?.length ?? 0)}>{daysText(dayCount(c.workdays))}</Tooltip>,
          },
          { title: t('common.timeZone'), dataIndex: 'timeZone', render: (z?: string | null) => (z ? <span data-literal>{z}</span> : <Typography.Text type="secondary">{t('calendars.eachJobsZone')}</Typography.Text>) },
          { title: t('calendars.jobsFollowing'), dataIndex: 'jobCount' },
          {
            title: t('jobs.updated'),
            key: 'updated',
            responsive: ['md'],
            render: (_, c) => (c.updatedBy ? t('calendars.updatedBy', { time: formatTime(c.updatedAt), user: c.updatedBy }) : formatTime(c.updatedAt)),
          },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, c: BusinessCalendar) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} aria-label={t('calendars.exportName', { name: c.name })} onClick={() => void exportIcs(c)}>
                  {t('calendars.exportIcs')}
                </Button>
                {canOperate && (
                  <>
                    <Button size="small" icon={<UploadOutlined />} aria-label={t('calendars.importInto', { name: c.name })} onClick={() => setImporting(c)}>
                      {t('calendars.importIcs')}
                    </Button>
                    <Button size="small" icon={<EditOutlined />} aria-label={t('common.editNameAction', { name: c.name })} onClick={() => setEditing(c)} />
                    <Popconfirm
                      title={t('common.deleteName', { name: c.name })}
                      description={c.jobCount > 0 ? t('calendars.jobsFollowIt', { count: c.jobCount }) : undefined}
                      okText={t('common.delete')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate(c)}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.deleteNameAction', { name: c.name })} />
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
