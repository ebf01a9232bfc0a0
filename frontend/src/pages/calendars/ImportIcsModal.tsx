import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { enumLabel, t } from '../../i18n';
import { reasonText } from '../../i18n/reasons';
import { calendarsApi } from './api';
import { workingDaysText } from './days';
import type { BusinessCalendar, CalendarImportResult, ChangedDays, ImportMode } from './types';

interface Props {
  calendar: BusinessCalendar | null;
  onClose: () => void;
}

type Change = ChangedDays & { change: 'added' | 'removed' };

const KIND: Record<ChangedDays['kind'], { status: 'holiday' | 'workday'; color: string }> = {
  HOLIDAY: { status: 'holiday', color: 'red' },
  WORKDAY: { status: 'workday', color: 'green' },
};

const days = (c: ChangedDays) => (c.to && c.to !== c.from ? `${c.from} – ${c.to}` : c.from);

function sameDays(a: string[], b: string[]) {
  return a.length === b.length && a.every((d) => b.includes(d));
}

/** What the dry run says would change: days added and removed, the working weekdays, the events left out. */
function Diff({ plan }: { plan: CalendarImportResult }) {
  const changes: Change[] = [
    ...plan.added.map((c) => ({ ...c, change: 'added' as const })),
    ...plan.removed.map((c) => ({ ...c, change: 'removed' as const })),
  ];
  const weekChanged = !sameDays(plan.workingDaysBefore ?? [], plan.workingDaysAfter ?? []);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="ics-diff">
      <Typography.Text>
        {t(weekChanged ? 'calendars.dryRunSummaryWeek' : 'calendars.dryRunSummary', {
          mode: enumLabel('importMode', plan.mode),
          added: plan.added.length,
          removed: plan.removed.length,
        })}
      </Typography.Text>
      {weekChanged && (
        <Typography.Text>
          {t('calendars.workingDaysChange', { before: workingDaysText(plan.workingDaysBefore), after: workingDaysText(plan.workingDaysAfter) })}
        </Typography.Text>
      )}
      {changes.length > 0 && (
        <Table<Change>
          rowKey={(c) => `${c.change}:${c.kind}:${c.from}:${c.to ?? ''}`}
          size="small"
          pagination={false}
          scroll={{ y: 320 }}
          dataSource={changes}
          columns={[
            { title: t('calendars.change'), dataIndex: 'change', render: (c: Change['change']) => <Tag color={c === 'added' ? 'blue' : 'default'}>{enumLabel('dayChange', c)}</Tag> },
            {
              title: t('alerts.kind'),
              dataIndex: 'kind',
              render: (k: ChangedDays['kind']) => <Tag color={KIND[k]?.color}>{KIND[k] ? enumLabel('dayStatus', KIND[k].status) : k}</Tag>,
            },
            { title: t('calendars.days'), key: 'days', render: (_, c) => days(c) },
            { title: t('common.name'), dataIndex: 'name', render: (n?: string | null) => n || '—' },
          ]}
        />
      )}
      {plan.ignored.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('calendars.eventsIgnored', { count: plan.ignored.length })}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }} aria-label={t('calendars.ignoredEvents')}>
              {(plan.ignoredReasons?.length ? plan.ignoredReasons.map((r) => reasonText(r)) : plan.ignored).map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}

/**
 * Reads an iCalendar file into a calendar: merged into its days or replacing them. The file
 * is first sent as a dry run whose changes are shown; only "Apply" writes.
 */
export function ImportIcsModal({ calendar, onClose }: Props) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [mode, setMode] = useState<ImportMode>('MERGE');
  const [plan, setPlan] = useState<CalendarImportResult | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const check = useMutation({
    mutationFn: (args: { text: string; mode: ImportMode }) => calendarsApi.importIcs(calendar!.id, args.text, args.mode, true),
    onSuccess: (result) => setPlan(result),
    onError: (error) => setProblem(error),
  });
  const apply = useMutation({
    mutationFn: (args: { text: string; mode: ImportMode }) => calendarsApi.importIcs(calendar!.id, args.text, args.mode, false),
    onSuccess: (result) => {
      message.success(
        t('calendars.imported', { name: result.calendar?.name ?? calendar?.name ?? '', added: result.added.length, removed: result.removed.length }),
      );
      void queryClient.invalidateQueries({ queryKey: ['calendars'] });
      close();
    },
    onError: (error) => setProblem(error),
  });

  function close() {
    setFile(null);
    setPlan(null);
    setProblem(null);
    setMode('MERGE');
    onClose();
  }

  function dryRun(text: string, m: ImportMode) {
    setPlan(null);
    setProblem(null);
    check.mutate({ text, mode: m });
  }

  async function choose(chosen: File) {
    const next = { name: chosen.name, text: await chosen.text() };
    setFile(next);
    dryRun(next.text, mode);
  }

  return (
    <Modal
      title={calendar ? t('calendars.importTitle', { name: calendar.name }) : t('calendars.importIcs')}
      open={calendar !== null}
      width={820}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="apply" type="primary" disabled={!plan || !file || check.isPending} loading={apply.isPending} onClick={() => file && apply.mutate({ text: file.text, mode })}>
          {t('calendars.apply')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label={t('calendars.importMode')}
          value={mode}
          optionType="button"
          options={[
            { value: 'MERGE', label: t('calendars.modeMerge') },
            { value: 'REPLACE', label: t('calendars.modeReplace') },
          ]}
          onChange={(e) => {
            const next = e.target.value as ImportMode;
            setMode(next);
            if (file) dryRun(file.text, next);
          }}
        />
        <Upload.Dragger
          accept=".ics,text/calendar"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('calendars.chooseIcs')}</p>
          <p className="ant-upload-hint">{t('calendars.icsHint')}</p>
        </Upload.Dragger>
        {problem !== null && (
          <Alert
            type="error"
            showIcon
            message={problem instanceof ApiError ? problem.detail || problem.title : errorMessage(problem)}
            description={
              problem instanceof ApiError && problem.fieldErrors.length > 0 ? (
                <ul style={{ margin: 0, paddingLeft: 16 }}>
                  {problem.fieldErrors.map((e) => (
                    <li key={`${e.field}:${e.message}`}>
                      {e.field && <Typography.Text code>{e.field}</Typography.Text>} {e.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        {plan && <Diff plan={plan} />}
      </Space>
    </Modal>
  );
}
