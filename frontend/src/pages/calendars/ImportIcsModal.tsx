import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ApiError } from '../../api/http';
import { calendarsApi } from './api';
import { workingDaysText } from './days';
import type { BusinessCalendar, CalendarImportResult, ChangedDays, ImportMode } from './types';

interface Props {
  calendar: BusinessCalendar | null;
  onClose: () => void;
}

type Change = ChangedDays & { change: 'added' | 'removed' };

const KIND: Record<ChangedDays['kind'], { label: string; color: string }> = {
  HOLIDAY: { label: 'holiday', color: 'red' },
  WORKDAY: { label: 'make-up working day', color: 'green' },
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
        Dry run ({plan.mode.toLowerCase()}): {plan.added.length} added, {plan.removed.length} removed
        {weekChanged ? ', working days change' : ''}.
      </Typography.Text>
      {weekChanged && (
        <Typography.Text>
          Working days: {workingDaysText(plan.workingDaysBefore)} → {workingDaysText(plan.workingDaysAfter)}
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
            { title: 'Change', dataIndex: 'change', render: (c: Change['change']) => <Tag color={c === 'added' ? 'blue' : 'default'}>{c}</Tag> },
            { title: 'Kind', dataIndex: 'kind', render: (k: ChangedDays['kind']) => <Tag color={KIND[k]?.color}>{KIND[k]?.label ?? k}</Tag> },
            { title: 'Days', key: 'days', render: (_, c) => days(c) },
            { title: 'Name', dataIndex: 'name', render: (n?: string | null) => n || '—' },
          ]}
        />
      )}
      {plan.ignored.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`${plan.ignored.length} event${plan.ignored.length === 1 ? '' : 's'} ignored`}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }} aria-label="ignored events">
              {plan.ignored.map((i) => (
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
      message.success(`${result.calendar?.name ?? calendar?.name}: ${result.added.length} added, ${result.removed.length} removed`);
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
      title={calendar ? `Import .ics into ${calendar.name}` : 'Import .ics'}
      open={calendar !== null}
      width={820}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="apply" type="primary" disabled={!plan || !file || check.isPending} loading={apply.isPending} onClick={() => file && apply.mutate({ text: file.text, mode })}>
          Apply
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label="import mode"
          value={mode}
          optionType="button"
          options={[
            { value: 'MERGE', label: 'Merge into its days' },
            { value: 'REPLACE', label: 'Replace its days' },
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
          <p className="ant-upload-text">{file ? file.name : 'Choose or drop an iCalendar file (.ics)'}</p>
          <p className="ant-upload-hint">
            All-day events become holidays, or make-up working days when their category is WORKDAY. Nothing is written until you apply.
          </p>
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
